import { BRAND_COLORS, hexToRgb, plural } from '@spotbook/contract';
import { ADVANCE, drawableText, forEachInkPixel, GLYPH_HEIGHT } from '../../../lib/bitmap-font.ts';
import { encodePng } from '../../../lib/png.ts';

/** The size Open Graph and Twitter's summary_large_image crop to without losing anything. */
export const CARD = { width: 1200, height: 630 } as const;

type Rgb = readonly [number, number, number];
// The brand's colours (light theme), as the web app's tokens show them.
const PRIMARY: Rgb = hexToRgb(BRAND_COLORS.light.primary);
const SOFT: Rgb = hexToRgb(BRAND_COLORS.light.primarySoft);
const STAR: Rgb = hexToRgb(BRAND_COLORS.light.star);
const WHITE: Rgb = hexToRgb(BRAND_COLORS.light.onPrimary);
const MARGIN = 80;
const TEXT_WIDTH = CARD.width - 2 * MARGIN;

class Canvas {
  readonly pixels = new Uint8Array(CARD.width * CARD.height * 3);

  fill(x0: number, y0: number, w: number, h: number, color: Rgb) {
    for (let y = Math.max(0, y0); y < Math.min(CARD.height, y0 + h); y++) {
      for (let x = Math.max(0, x0); x < Math.min(CARD.width, x0 + w); x++) {
        this.pixels.set(color, (y * CARD.width + x) * 3);
      }
    }
  }

  text(text: string, x: number, y: number, scale: number, color: Rgb) {
    forEachInkPixel(text, (px, py) =>
      this.fill(x + px * scale, y + py * scale, scale, scale, color),
    );
  }

  /** A map pin: a disc with a hole, over a point, like the app's marker. */
  pin(cx: number, cy: number, r: number, color: Rgb, hole: Rgb) {
    for (let y = cy - r; y <= cy + 2 * r; y++) {
      for (let x = cx - r; x <= cx + r; x++) {
        const d = Math.hypot(x - cx, y - cy);
        const inTip = y > cy && Math.abs(x - cx) <= (cy + 2 * r - y) * 0.55;
        if (d <= r * 0.4) this.fill(x, y, 1, 1, hole);
        else if (d <= r || inTip) this.fill(x, y, 1, 1, color);
      }
    }
  }
}

/** Splits words into at most `maxLines` lines of `perLine` characters; null if it can't. */
function wrap(text: string, perLine: number, maxLines: number): string[] | null {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines[lines.length - 1];
    if (last !== undefined && last.length + 1 + word.length <= perLine) {
      lines[lines.length - 1] = `${last} ${word}`;
    } else if (word.length <= perLine) lines.push(word);
    else return null;
  }
  return lines.length <= maxLines ? lines : null;
}

/** The largest scale at which the title fits in two lines (a name is at most 25 characters). */
function layoutTitle(title: string) {
  for (const scale of [14, 12, 10, 8, 7, 6, 5, 4]) {
    const lines = wrap(title, Math.floor(TEXT_WIDTH / (ADVANCE * scale)), 2);
    if (lines) return { scale, lines };
  }
  return { scale: 4, lines: [title.slice(0, Math.floor(TEXT_WIDTH / (ADVANCE * 4)))] };
}

export interface CardInput {
  name: string;
  owner: string;
  spotCount: number;
}

/** The PNG shown by messaging apps for a shared list: its name, owner and size. */
export function renderListCard({ name, owner, spotCount }: CardInput): Buffer {
  const canvas = new Canvas();
  canvas.fill(0, 0, CARD.width, CARD.height, PRIMARY);
  const { scale, lines } = layoutTitle(drawableText(name) || 'A SPOTBOOK LIST');
  const lineHeight = (GLYPH_HEIGHT + 4) * scale;
  let y = MARGIN + 20;
  for (const line of lines) {
    canvas.text(line, MARGIN, y, scale, WHITE);
    y += lineHeight;
  }
  canvas.fill(MARGIN, y, 120, 10, STAR);
  const byline = drawableText(`by ${owner}`);
  if (byline.length > 3) {
    const bylineScale = Math.min(6, Math.floor(TEXT_WIDTH / (ADVANCE * byline.length)));
    canvas.text(byline, MARGIN, y + 40, bylineScale, SOFT);
  }
  const footerY = CARD.height - MARGIN - 7 * 5;
  canvas.pin(MARGIN + 18, footerY + 10, 18, STAR, PRIMARY);
  canvas.text('SPOTBOOK', MARGIN + 56, footerY, 5, WHITE);
  const count = `${spotCount} ${plural(spotCount, 'SPOT', 'SPOTS')}`;
  canvas.text(count, CARD.width - MARGIN - count.length * ADVANCE * 5, footerY, 5, SOFT);
  return encodePng(CARD.width, CARD.height, canvas.pixels);
}
