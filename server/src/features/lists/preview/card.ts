import { createCanvas, loadImage, Path2D, type SKRSContext2D } from '@napi-rs/canvas';
import { BRAND_COLORS, PIN_SHAPE, plural } from '@spotbook/contract';
import { encodePng } from '../../../lib/canvas-png.ts';
import { PICTURE_FONT_FAMILY, registerPictureFonts } from '../../../lib/picture-fonts.ts';

/** The size Open Graph and Twitter's summary_large_image crop to without losing anything. */
export const CARD = { width: 1200, height: 630 } as const;

// The brand's colours (light theme), as the web app's tokens show them.
const COLORS = BRAND_COLORS.light;
const MARGIN = 80;
/** Title sizes in px, largest first: the first at which the name fits in two lines wins. */
const TITLE_SIZES = [96, 84, 72, 64, 56, 48];
const TITLE_LINES = 2;

export interface CardInput {
  name: string;
  owner: string;
  spotCount: number;
}

/** Whether text reads right to left: its first letter is Arabic or Hebrew. */
const isRtl = (text: string) => /^[^\p{L}]*[\p{Script=Arabic}\p{Script=Hebrew}]/u.test(text);

/**
 * Where a line may break, for any script: words for spaced scripts, and the word
 * boundaries ICU finds in Chinese and Japanese (which have no spaces).
 */
const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });

/** `text` in at most `maxLines` lines of `maxWidth` px at the context's font, or null. */
function wrap(ctx: SKRSContext2D, text: string, maxWidth: number, maxLines: number) {
  const lines: string[] = [];
  let line = '';
  for (const { segment } of segmenter.segment(text)) {
    const candidate = line + segment;
    if (ctx.measureText(candidate.trim()).width <= maxWidth) {
      line = candidate;
      continue;
    }
    if (line.trim()) lines.push(line.trim());
    line = segment.trimStart();
    // A single word wider than the line: no break can make it fit at this size.
    if (ctx.measureText(line).width > maxWidth) return null;
  }
  if (line.trim()) lines.push(line.trim());
  return lines.length <= maxLines ? lines : null;
}

/** Cuts `text` to what fits `maxWidth` with an ellipsis, by whole characters. */
function ellipsize(ctx: SKRSContext2D, text: string, maxWidth: number): string {
  if (ctx.measureText(text).width <= maxWidth) return text;
  const chars = [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)];
  for (let n = chars.length; n > 0; n--) {
    const cut = `${chars
      .slice(0, n)
      .map((c) => c.segment)
      .join('')
      .trimEnd()}…`;
    if (ctx.measureText(cut).width <= maxWidth) return cut;
  }
  return '…';
}

/** The largest size at which the title fits in two lines; else the smallest, cut. */
function layoutTitle(ctx: SKRSContext2D, title: string, maxWidth: number) {
  for (const size of TITLE_SIZES) {
    ctx.font = `700 ${size}px ${PICTURE_FONT_FAMILY}`;
    const lines = wrap(ctx, title, maxWidth, TITLE_LINES);
    if (lines) return { size, lines };
  }
  const size = TITLE_SIZES.at(-1)!;
  ctx.font = `700 ${size}px ${PICTURE_FONT_FAMILY}`;
  return { size, lines: [ellipsize(ctx, title, maxWidth)] };
}

/** The brand's pin, `scale` times its 28 × 36 box, its box's top left at (x, y). */
function drawBrandPin(ctx: SKRSContext2D, x: number, y: number, scale: number) {
  ctx.save();
  ctx.translate(x, y);
  ctx.scale(scale, scale);
  ctx.fillStyle = COLORS.star;
  ctx.fill(new Path2D(PIN_SHAPE.path));
  ctx.beginPath();
  ctx.arc(PIN_SHAPE.dot.x, PIN_SHAPE.dot.y, PIN_SHAPE.dot.r, 0, 2 * Math.PI);
  ctx.fillStyle = COLORS.primary;
  ctx.fill();
  ctx.restore();
}

/** Draws `cover` over the card's right part, cropped to fill it (object-fit: cover). */
async function drawCover(ctx: SKRSContext2D, cover: Uint8Array, left: number) {
  const image = await loadImage(cover);
  const boxWidth = CARD.width - left;
  const scale = Math.max(boxWidth / image.width, CARD.height / image.height);
  const sw = boxWidth / scale;
  const sh = CARD.height / scale;
  ctx.drawImage(
    image,
    (image.width - sw) / 2,
    (image.height - sh) / 2,
    sw,
    sh,
    left,
    0,
    boxWidth,
    CARD.height,
  );
}

/**
 * The PNG shown by messaging apps for a shared list: its name (as written, in any
 * script: Skia shapes it with the fonts of picture-fonts.ts), owner and size. With a
 * `cover` (an encoded image sharp or Skia can read, e.g. the list's first photo), the
 * photo fills the right 40 % and the text keeps to the left.
 */
export async function renderListCard(
  { name, owner, spotCount }: CardInput,
  cover?: Uint8Array,
): Promise<Buffer> {
  registerPictureFonts();
  const canvas = createCanvas(CARD.width, CARD.height);
  const ctx = canvas.getContext('2d', { alpha: false });
  ctx.lang = 'en';
  ctx.fillStyle = COLORS.primary;
  ctx.fillRect(0, 0, CARD.width, CARD.height);
  const textRight = cover ? Math.round(CARD.width * 0.6) : CARD.width;
  if (cover) await drawCover(ctx, cover, textRight);
  const textWidth = textRight - 2 * MARGIN;

  const title = name.trim() || 'A Spotbook list';
  const rtl = isRtl(title);
  const { size, lines } = layoutTitle(ctx, title, textWidth);
  ctx.fillStyle = COLORS.onPrimary;
  ctx.textBaseline = 'alphabetic';
  ctx.direction = rtl ? 'rtl' : 'ltr';
  ctx.textAlign = rtl ? 'right' : 'left';
  const textX = rtl ? textRight - MARGIN : MARGIN;
  let y = MARGIN + size;
  for (const line of lines) {
    ctx.fillText(line, textX, y);
    y += Math.round(size * 1.2);
  }
  ctx.fillStyle = COLORS.star;
  ctx.fillRect(rtl ? textX - 120 : textX, y - size * 0.5, 120, 10);

  ctx.font = `500 44px ${PICTURE_FONT_FAMILY}`;
  ctx.fillStyle = COLORS.primarySoft;
  // On the title's side; "by" is English, so the line itself reads left to right.
  ctx.direction = 'ltr';
  ctx.fillText(ellipsize(ctx, `by ${owner}`, textWidth), textX, y + 60);

  const footerY = CARD.height - MARGIN;
  drawBrandPin(ctx, MARGIN, footerY - 46, 1.4);
  ctx.font = `700 40px ${PICTURE_FONT_FAMILY}`;
  ctx.fillStyle = COLORS.onPrimary;
  ctx.textAlign = 'left';
  ctx.fillText('Spotbook', MARGIN + 56, footerY);
  ctx.font = `500 40px ${PICTURE_FONT_FAMILY}`;
  ctx.fillStyle = COLORS.primarySoft;
  ctx.textAlign = 'right';
  ctx.fillText(`${spotCount} ${plural(spotCount, 'spot', 'spots')}`, textRight - MARGIN, footerY);
  return encodePng(canvas, { palette: Boolean(cover) });
}
