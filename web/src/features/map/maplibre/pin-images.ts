import { BRAND_COLORS, PIN_SHAPE } from '@spotbook/contract';

/** The colours pins and clusters are drawn in, read from the design tokens. */
export type PinColors = Record<'primary' | 'visited' | 'onPrimary' | 'surface' | 'text', string>;

const FALLBACK: PinColors = BRAND_COLORS.light;

/** Tokens are CSS custom properties (light and dark values); WebGL needs plain colours. */
export function readPinColors(element: Element): PinColors {
  const css = getComputedStyle(element);
  const read = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return {
    primary: read('--color-primary', FALLBACK.primary),
    visited: read('--color-visited', FALLBACK.visited),
    onPrimary: read('--color-on-primary', FALLBACK.onPrimary),
    surface: read('--color-surface', FALLBACK.surface),
    text: read('--color-text', FALLBACK.text),
  };
}

export const PIN_WIDTH = PIN_SHAPE.width;
export const PIN_HEIGHT = PIN_SHAPE.height;
const PIXEL_RATIO = 2;

/**
 * Draws a pin once into a bitmap for MapLibre's icon atlas: a symbol layer of bitmaps
 * renders 10,000 pins in one draw call, where DOM markers would be 10,000 elements.
 * 'want to go' has a dot, 'already visited' a check mark (spec §4).
 */
export function drawPin(kind: 'want' | 'visited', colors: PinColors): ImageData {
  const canvas = document.createElement('canvas');
  canvas.width = PIN_WIDTH * PIXEL_RATIO;
  canvas.height = PIN_HEIGHT * PIXEL_RATIO;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('2D canvas unavailable');
  ctx.scale(PIXEL_RATIO, PIXEL_RATIO);
  const pin = new Path2D(PIN_SHAPE.path);
  ctx.shadowColor = 'rgba(0, 0, 0, 0.3)';
  ctx.shadowBlur = 2;
  ctx.shadowOffsetY = 1;
  ctx.fillStyle = kind === 'visited' ? colors.visited : colors.primary;
  ctx.fill(pin);
  ctx.shadowColor = 'transparent';
  ctx.lineWidth = PIN_SHAPE.outlineWidth;
  ctx.strokeStyle = colors.surface;
  ctx.stroke(pin);
  if (kind === 'visited') {
    const [x1, y1, x2, y2, x3, y3] = PIN_SHAPE.check.points;
    ctx.beginPath();
    ctx.moveTo(x1, y1);
    ctx.lineTo(x2, y2);
    ctx.lineTo(x3, y3);
    ctx.lineWidth = PIN_SHAPE.check.width;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = colors.onPrimary;
    ctx.stroke();
  } else {
    ctx.beginPath();
    ctx.arc(PIN_SHAPE.dot.x, PIN_SHAPE.dot.y, PIN_SHAPE.dot.r, 0, Math.PI * 2);
    ctx.fillStyle = colors.onPrimary;
    ctx.fill();
  }
  return ctx.getImageData(0, 0, canvas.width, canvas.height);
}

export const PIN_IMAGE_OPTIONS = { pixelRatio: PIXEL_RATIO };
