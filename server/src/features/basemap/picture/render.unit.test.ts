import { BRAND_COLORS, hexToRgb, mercatorX, mercatorY, worldSize } from '@spotbook/contract';
import { describe, expect, it } from 'vitest';
import { decodePng } from '../../../../test/png.ts';
import { PALETTES } from '../themes.ts';
import { renderMapPicture } from './render.ts';
import type { ProjectedPaths, ProjectedWorld } from './world.ts';

/** A world of one square island (10°W–10°E, 10°S–10°N) with a square lake in it. */
function paths(rings: [number, number][][]): ProjectedPaths {
  const projected = rings.map(
    (ring) => new Float64Array(ring.flatMap(([lng, lat]) => [mercatorX(lng), mercatorY(lat)])),
  );
  const boxes = new Float64Array(
    projected.flatMap((p) => {
      const xs = p.filter((_, i) => i % 2 === 0);
      const ys = p.filter((_, i) => i % 2 === 1);
      return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
    }),
  );
  return { paths: projected, boxes };
}
const square = (r: number): [number, number][] => [
  [-r, -r],
  [r, -r],
  [r, r],
  [-r, r],
];
const world: ProjectedWorld = {
  land: paths([square(10), square(3)]),
  borders: paths([]),
};
const readWorld = () => Promise.resolve(world);
const camera = { lat: 0, lng: 0, zoom: 2 };
const size = { width: 400, height: 300 };
/** Device pixel of a point in a picture of `size` at `camera`. */
function at(lat: number, lng: number, ratio = 1) {
  const world = worldSize(camera.zoom);
  return {
    x: ((mercatorX(lng) - mercatorX(camera.lng)) * world + size.width / 2) * ratio,
    y: ((mercatorY(lat) - mercatorY(camera.lat)) * world + size.height / 2) * ratio,
  };
}

describe('renderMapPicture', () => {
  it('fills land with its lakes (even-odd) over water, in the theme’s colours', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const png = decodePng(
        await renderMapPicture({ camera, ...size, pixelRatio: 1, theme, pins: [] }, readWorld),
      );
      expect([png.width, png.height]).toEqual([400, 300]);
      const pixel = (lat: number, lng: number) => png.pixel(at(lat, lng).x, at(lat, lng).y);
      expect(pixel(6, 6), theme).toEqual(hexToRgb(PALETTES[theme].land));
      expect(pixel(0, 0), theme).toEqual(hexToRgb(PALETTES[theme].water)); // the lake
      expect(pixel(15, 15), theme).toEqual(hexToRgb(PALETTES[theme].water));
    }
  });

  it('draws pins on their tips and a cluster with its count, at double density', async () => {
    const pins = [
      { lat: 6, lng: -6, visited: false },
      { lat: -6, lng: 6, visited: true },
      // Three pins a few km apart: one cluster of 3 at this zoom.
      ...[0, 0.01, 0.02].map((d) => ({ lat: 20 + d, lng: 20, visited: false })),
    ];
    const png = decodePng(
      await renderMapPicture({ camera, ...size, pixelRatio: 2, theme: 'light', pins }, readWorld),
    );
    expect([png.width, png.height]).toEqual([800, 600]);
    const colors = BRAND_COLORS.light;
    // The pin's body, 7 CSS px left of its axis and 22 above its tip; its white dot.
    const want = at(6, -6, 2);
    expect(png.pixel(want.x - 14, want.y - 44)).toEqual(hexToRgb(colors.primary));
    expect(png.pixel(want.x, want.y - 45)).toEqual(hexToRgb(colors.onPrimary));
    const visited = at(-6, 6, 2);
    expect(png.pixel(visited.x - 14, visited.y - 38)).toEqual(hexToRgb(colors.visited));
    // The cluster: a disc of the primary colour whose middle holds the count's ink.
    const cluster = at(20.01, 20, 2);
    const inDisc = png.pixel(cluster.x - 14, cluster.y + 14);
    expect(inDisc[0]).toBeLessThan(80); // primary (15, 94, 99) at 92 % over land
    let ink = 0;
    for (let dy = -10; dy <= 10; dy++) {
      for (let dx = -12; dx <= 12; dx++) {
        if (png.pixel(cluster.x + dx, cluster.y + dy)[0] > 200) ink++;
      }
    }
    expect(ink).toBeGreaterThan(20); // "3" in white, 24 px tall at ratio 2
  });
});
