import { PNG } from 'pngjs';
import { BRAND_COLORS, hexToRgb } from '@spotbook/contract';
import { describe, expect, it } from 'vitest';
import { decodePng } from '../../../../test/png.ts';
import { CARD, renderListCard } from './card.ts';

const WHITE = hexToRgb(BRAND_COLORS.light.onPrimary);
/** The title's box: below the top margin, above the byline, across the text column. */
const TITLE_BOX = { x0: 80, x1: 1120, y0: 60, y1: 250 };

/** Which pixels of the title box carry the title's (white) ink, as a bit string. */
async function titleInk(name: string) {
  const png = decodePng(await renderListCard({ name, owner: 'yuki', spotCount: 3 }));
  expect([png.width, png.height]).toEqual([CARD.width, CARD.height]);
  const ink: boolean[] = [];
  let left = Infinity;
  let right = -Infinity;
  for (let y = TITLE_BOX.y0; y < TITLE_BOX.y1; y += 2) {
    for (let x = TITLE_BOX.x0; x < TITLE_BOX.x1; x += 2) {
      const white = png.pixel(x, y).every((v, i) => Math.abs(v - WHITE[i]!) < 40);
      ink.push(white);
      if (white) [left, right] = [Math.min(left, x), Math.max(right, x)];
    }
  }
  return { ink, count: ink.filter(Boolean).length, left, right };
}

const differs = (a: boolean[], b: boolean[]) => a.filter((v, i) => v !== b[i]).length;

describe('renderListCard draws the list’s real name in any script', () => {
  it.each([
    ['Japanese', '東京の喫茶店'],
    ['Cyrillic', 'Кафе'],
    ['Arabic', 'مقاهي القاهرة'],
    ['Latin with an emoji', 'café ☕'],
  ])('%s: ink in the title box, and not the fallback title', async (_script, name) => {
    const title = await titleInk(name);
    const fallback = await titleInk('');
    expect(title.count).toBeGreaterThan(400);
    expect(differs(title.ink, fallback.ink)).toBeGreaterThan(400);
  });

  it('sets Arabic from the right edge, Latin from the left', async () => {
    const arabic = await titleInk('مقاهي القاهرة');
    const latin = await titleInk('Кафе');
    expect(arabic.right).toBeGreaterThan(1100);
    expect(arabic.left).toBeGreaterThan(400);
    expect(latin.left).toBeLessThan(100);
    expect(latin.right).toBeLessThan(600);
  });

  it('draws an emoji as a glyph of its own: "café ☕" is not "café"', async () => {
    const withCup = await titleInk('café ☕');
    const without = await titleInk('café');
    expect(withCup.right - without.right).toBeGreaterThan(60);
  });

  it('wraps a long name onto two lines and cuts one that cannot fit', async () => {
    const long = await titleInk('The very best small restaurants of Lisbon');
    expect(long.count).toBeGreaterThan(2000);
    const png = decodePng(
      await renderListCard({ name: 'W'.repeat(80), owner: 'ana', spotCount: 1 }),
    );
    // One line only: nothing white below the first line's box.
    for (let x = 80; x < 1120; x += 4) expect(png.pixel(x, 200)).not.toEqual(WHITE);
  });

  it('fills its right part with a cover photo when given one (the photos seam)', async () => {
    const cover = new PNG({ width: 300, height: 200 });
    for (let i = 0; i < cover.data.length; i += 4) cover.data.set([200, 30, 40, 255], i);
    const png = decodePng(
      await renderListCard({ name: 'Covers', owner: 'ana', spotCount: 2 }, PNG.sync.write(cover)),
    );
    expect(png.pixel(1000, 300)).toEqual([200, 30, 40]);
    expect(png.pixel(40, 300)).toEqual(hexToRgb(BRAND_COLORS.light.primary));
  });

  it('keeps a card with a photo small enough for messaging apps (under 300 KB)', async () => {
    // Photo-like: smooth gradients with grain, which a truecolour PNG stores at ~800 KB.
    const photo = new PNG({ width: 1600, height: 1200 });
    for (let y = 0; y < photo.height; y++) {
      for (let x = 0; x < photo.width; x++) {
        const grain = ((x * 7919 + y * 104729) % 23) - 11;
        const i = (y * photo.width + x) * 4;
        photo.data.set(
          [(x / 7 + grain) & 255, (y / 5 + grain) & 255, ((x + y) / 11) & 255, 255],
          i,
        );
      }
    }
    const card = await renderListCard(
      { name: 'Covers', owner: 'ana', spotCount: 2 },
      PNG.sync.write(photo),
    );
    expect(card.length).toBeLessThan(300_000);
  });
});
