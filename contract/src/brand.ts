/**
 * The brand colours and the pin, defined once for everything that draws them: the web
 * (web/build/brand-tokens.ts writes them as tokens.css's `--color-*` variables at build
 * time) and the server's pictures (map pictures, link cards).
 */
export const BRAND_COLORS = {
  light: {
    primary: '#0f5e63',
    primarySoft: '#dcefee',
    onPrimary: '#ffffff',
    visited: '#1f7a3d',
    star: '#c47d00',
    surface: '#ffffff',
    text: '#17201e',
  },
  dark: {
    primary: '#5ec9c3',
    primarySoft: '#17393a',
    onPrimary: '#06292a',
    visited: '#6fd394',
    star: '#f5b73b',
    surface: '#18211f',
    text: '#e8eeec',
  },
} as const;

/** `#rrggbb` as [r, g, b] bytes, for renderers that paint pixels. */
export function hexToRgb(hex: string): [number, number, number] {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

const tip = { x: 14, y: 34 };
const head = { x: 14, y: 13.5, r: 10.5 };
/** where the curves from the tip meet the head's sides, vertically */
const shoulderY = 22.4;

/**
 * The map pin (lucide's MapPin): a teardrop in a 28×36 box with its tip at the bottom
 * centre, a dot for 'want to go' and a check mark for 'already visited' (spec §4).
 */
export const PIN_SHAPE = {
  width: 28,
  height: 36,
  tip,
  head,
  shoulderY,
  /** the teardrop as an SVG path */
  path:
    `M${tip.x} ${tip.y}C${tip.x} ${tip.y} ${head.x - head.r} ${shoulderY} ${head.x - head.r} ${head.y}` +
    `a${head.r} ${head.r} 0 0 1 ${2 * head.r} 0` +
    `C${head.x + head.r} ${shoulderY} ${tip.x} ${tip.y} ${tip.x} ${tip.y}z`,
  outlineWidth: 1.5,
  dot: { x: head.x, y: head.y, r: 4 },
  /** the check mark's polyline (x, y pairs) and its stroke width */
  check: { points: [9.2, 13.6, 12.6, 17, 18.8, 10.2], width: 2.6 },
} as const;
