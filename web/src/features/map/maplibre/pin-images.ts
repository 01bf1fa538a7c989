/** The colours pins and clusters are drawn in, read from the design tokens. */
export interface PinColors {
  primary: string;
  visited: string;
  onPrimary: string;
  surface: string;
  text: string;
}

const FALLBACK: PinColors = {
  primary: '#0f5e63',
  visited: '#1f7a3d',
  onPrimary: '#ffffff',
  surface: '#ffffff',
  text: '#17201e',
};

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

export const PIN_WIDTH = 28;
export const PIN_HEIGHT = 36;
const PIXEL_RATIO = 2;

/** A teardrop pin with its tip at the bottom centre, as in the icon set (lucide MapPin). */
const PIN_PATH = 'M14 34C14 34 3.5 22.4 3.5 13.5a10.5 10.5 0 0 1 21 0C24.5 22.4 14 34 14 34z';

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
  const pin = new Path2D(PIN_PATH);
  ctx.shadowColor = 'rgba(0, 0, 0, 0.3)';
  ctx.shadowBlur = 2;
  ctx.shadowOffsetY = 1;
  ctx.fillStyle = kind === 'visited' ? colors.visited : colors.primary;
  ctx.fill(pin);
  ctx.shadowColor = 'transparent';
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = colors.surface;
  ctx.stroke(pin);
  if (kind === 'visited') {
    ctx.beginPath();
    ctx.moveTo(9.2, 13.6);
    ctx.lineTo(12.6, 17);
    ctx.lineTo(18.8, 10.2);
    ctx.lineWidth = 2.6;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = colors.onPrimary;
    ctx.stroke();
  } else {
    ctx.beginPath();
    ctx.arc(14, 13.5, 4, 0, Math.PI * 2);
    ctx.fillStyle = colors.onPrimary;
    ctx.fill();
  }
  return ctx.getImageData(0, 0, canvas.width, canvas.height);
}

export const PIN_IMAGE_OPTIONS = { pixelRatio: PIXEL_RATIO };
