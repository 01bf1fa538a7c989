export type Rgb = readonly [number, number, number];

/** Sub-scanlines per pixel row when filling: the vertical anti-aliasing. */
const SUBSAMPLES = 4;

/** Flat x, y pairs in pixels: a ring (closed implicitly) or a polyline. */
export type Path = ArrayLike<number>;

/**
 * An RGB image with the few anti-aliased primitives a map picture needs: polygons filled
 * with the even-odd rule (land with its lakes), round-ended strokes (coasts, borders) and
 * discs. Pure TypeScript, so the server needs no native canvas. Coverage is exact across
 * a row and sampled four times down it, which is what edges at map scale need.
 */
export class Raster {
  readonly rgb: Uint8Array;
  /** One coverage value per pixel (0–255) for strokes, which overlap at their joins. */
  private strokeMask: Uint8Array | undefined;

  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb,
  ) {
    this.rgb = new Uint8Array(width * height * 3);
    this.rgb.set(background);
    // Doubling copies: 20 calls for a million pixels instead of a million.
    for (let filled = 3; filled < this.rgb.length; filled *= 2) {
      this.rgb.copyWithin(filled, 0, Math.min(filled, this.rgb.length - filled));
    }
  }

  private blendPixel(index: number, color: Rgb, alpha: number) {
    const o = index * 3;
    const rgb = this.rgb;
    rgb[o] = rgb[o]! + (color[0] - rgb[o]!) * alpha;
    rgb[o + 1] = rgb[o + 1]! + (color[1] - rgb[o + 1]!) * alpha;
    rgb[o + 2] = rgb[o + 2]! + (color[2] - rgb[o + 2]!) * alpha;
  }

  /** Fills the area inside an odd number of `rings`. */
  fillRings(rings: readonly Path[], color: Rgb, alpha = 1) {
    const edges = edgeTable(rings, this.height);
    if (edges.count === 0) return;
    const { width } = this;
    const coverage = new Float32Array(width + 1);
    const runs = new Float32Array(width + 1);
    const active: number[] = [];
    const crossings: number[] = [];
    let next = 0;
    const firstRow = Math.max(0, Math.floor(edges.top[edges.order[0]!]!));
    for (let row = firstRow; row < this.height; row++) {
      if (next >= edges.count && active.length === 0) break;
      coverage.fill(0);
      runs.fill(0);
      let touched = false;
      for (let s = 0; s < SUBSAMPLES; s++) {
        const y = row + (s + 0.5) / SUBSAMPLES;
        while (next < edges.count && edges.top[edges.order[next]!]! <= y) {
          active.push(edges.order[next]!);
          next++;
        }
        crossings.length = 0;
        for (let i = active.length - 1; i >= 0; i--) {
          const e = active[i]!;
          // Active edges began above this sub-scanline; those that ended above it go.
          if (edges.bottom[e]! <= y) {
            active[i] = active[active.length - 1]!;
            active.pop();
          } else {
            crossings.push(edges.x0[e]! + (y - edges.top[e]!) * edges.slope[e]!);
          }
        }
        crossings.sort((a, b) => a - b);
        for (let i = 0; i + 1 < crossings.length; i += 2) {
          addSpan(coverage, runs, crossings[i]!, crossings[i + 1]!, width, 1 / SUBSAMPLES);
          touched = true;
        }
      }
      if (!touched) continue;
      let run = 0;
      const base = row * width;
      for (let x = 0; x < width; x++) {
        run += runs[x]!;
        const c = Math.min(1, coverage[x]! + run);
        if (c > 0.002) this.blendPixel(base + x, color, c * alpha);
      }
    }
  }

  /** Strokes polylines `lineWidth` px wide with round ends and joins, in one colour. */
  strokePaths(paths: readonly Path[], lineWidth: number, color: Rgb, closed = false) {
    const mask = (this.strokeMask ??= new Uint8Array(this.width * this.height));
    // A hairline is drawn a pixel wide and faint, as GPUs draw one: its ink is its area.
    const radius = Math.max(lineWidth, 1) / 2;
    const ink = Math.min(lineWidth, 1);
    let firstRow = this.height;
    let lastRow = -1;
    for (const path of paths) {
      const points = path.length / 2;
      const segments = closed ? points : points - 1;
      for (let i = 0; i < segments; i++) {
        const j = (i + 1) % points;
        const ay = path[2 * i + 1]!;
        const by = path[2 * j + 1]!;
        this.stampSegment(mask, path[2 * i]!, ay, path[2 * j]!, by, radius);
        firstRow = Math.min(firstRow, ay - radius - 1, by - radius - 1);
        lastRow = Math.max(lastRow, ay + radius + 1, by + radius + 1);
      }
    }
    // Only the rows the strokes reached: a pin's outline touches 40 rows, not the picture.
    const from = Math.max(0, Math.floor(firstRow)) * this.width;
    const to = Math.min(this.height, Math.ceil(lastRow) + 1) * this.width;
    for (let i = from; i < to; i++) {
      if (mask[i] === 0) continue;
      this.blendPixel(i, color, (mask[i]! / 255) * ink);
      mask[i] = 0;
    }
  }

  /** Keeps, per pixel, the highest coverage of any segment: joins are not drawn twice. */
  private stampSegment(
    mask: Uint8Array,
    ax: number,
    ay: number,
    bx: number,
    by: number,
    radius: number,
  ) {
    const reach = radius + 1;
    const y0 = Math.max(0, Math.floor(Math.min(ay, by) - reach));
    const y1 = Math.min(this.height - 1, Math.ceil(Math.max(ay, by) + reach));
    if (y0 > y1 || Math.max(ax, bx) + reach < 0 || Math.min(ax, bx) - reach > this.width) return;
    const dx = bx - ax;
    const dy = by - ay;
    const lengthSquared = dx * dx + dy * dy;
    for (let y = y0; y <= y1; y++) {
      const py = y + 0.5;
      // The part of the segment within `reach` of this row, widened by `reach`.
      let xa = Math.min(ax, bx);
      let xb = Math.max(ax, bx);
      if (dy !== 0) {
        const ta = (py - reach - ay) / dy;
        const tb = (py + reach - ay) / dy;
        const lo = Math.max(0, Math.min(ta, tb));
        const hi = Math.min(1, Math.max(ta, tb));
        if (lo > hi) continue;
        xa = Math.min(ax + dx * lo, ax + dx * hi);
        xb = Math.max(ax + dx * lo, ax + dx * hi);
      }
      const x0 = Math.max(0, Math.floor(xa - reach));
      const x1 = Math.min(this.width - 1, Math.ceil(xb + reach));
      for (let x = x0; x <= x1; x++) {
        const px = x + 0.5;
        const t =
          lengthSquared === 0
            ? 0
            : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / lengthSquared));
        const distance = Math.hypot(px - (ax + dx * t), py - (ay + dy * t));
        const coverage = Math.min(1, radius + 0.5 - distance);
        if (coverage <= 0) continue;
        const value = Math.round(coverage * 255);
        const index = y * this.width + x;
        if (value > mask[index]!) mask[index] = value;
      }
    }
  }

  /** A rectangle on whole pixels (the bitmap font's ink). */
  fillRect(x: number, y: number, w: number, h: number, color: Rgb) {
    for (let row = Math.max(0, y); row < Math.min(this.height, y + h); row++) {
      for (let col = Math.max(0, x); col < Math.min(this.width, x + w); col++) {
        this.blendPixel(row * this.width + col, color, 1);
      }
    }
  }

  /** A disc, or with `inner` a ring from `inner` to `radius`. */
  fillDisc(cx: number, cy: number, radius: number, color: Rgb, alpha = 1, inner = 0) {
    const y0 = Math.max(0, Math.floor(cy - radius - 1));
    const y1 = Math.min(this.height - 1, Math.ceil(cy + radius + 1));
    const x0 = Math.max(0, Math.floor(cx - radius - 1));
    const x1 = Math.min(this.width - 1, Math.ceil(cx + radius + 1));
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const distance = Math.hypot(x + 0.5 - cx, y + 0.5 - cy);
        let coverage = Math.min(1, radius + 0.5 - distance);
        if (inner > 0) coverage = Math.min(coverage, distance - inner + 0.5);
        if (coverage > 0) this.blendPixel(y * this.width + x, color, Math.min(1, coverage) * alpha);
      }
    }
  }
}

/** Adds coverage for [xa, xb): partial end pixels directly, whole pixels as a run. */
function addSpan(
  coverage: Float32Array,
  runs: Float32Array,
  xa: number,
  xb: number,
  width: number,
  weight: number,
) {
  const a = Math.max(0, Math.min(width, xa));
  const b = Math.max(0, Math.min(width, xb));
  if (b <= a) return;
  const ia = Math.floor(a);
  const ib = Math.floor(b);
  if (ia === ib) {
    coverage[ia] = coverage[ia]! + (b - a) * weight;
    return;
  }
  coverage[ia] = coverage[ia]! + (ia + 1 - a) * weight;
  runs[ia + 1] = runs[ia + 1]! + weight;
  runs[ib] = runs[ib]! - weight;
  if (ib < width) coverage[ib] = coverage[ib]! + (b - ib) * weight;
}

/** The non-horizontal edges of `rings` that reach rows 0…height, sorted by their top. */
function edgeTable(rings: readonly Path[], height: number) {
  let total = 0;
  for (const ring of rings) total += ring.length / 2;
  const top = new Float64Array(total);
  const bottom = new Float64Array(total);
  const x0 = new Float64Array(total);
  const slope = new Float64Array(total);
  let count = 0;
  for (const ring of rings) {
    const points = ring.length / 2;
    for (let i = 0; i < points; i++) {
      const j = (i + 1) % points;
      let ax = ring[2 * i]!;
      let ay = ring[2 * i + 1]!;
      let bx = ring[2 * j]!;
      let by = ring[2 * j + 1]!;
      if (ay === by) continue;
      if (ay > by) [ax, ay, bx, by] = [bx, by, ax, ay];
      if (by <= 0 || ay >= height) continue;
      top[count] = ay;
      bottom[count] = by;
      x0[count] = ax;
      slope[count] = (bx - ax) / (by - ay);
      count++;
    }
  }
  const order = Array.from({ length: count }, (_, i) => i).sort((a, b) => top[a]! - top[b]!);
  return { top, bottom, x0, slope, order, count };
}
