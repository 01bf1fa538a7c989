import { Supercluster } from '@maplibre/geojson-vt';
import { clusterCircleRadius, PIN_CLUSTERS } from '@spotbook/contract';
import { ADVANCE, forEachInkPixel, GLYPH_HEIGHT } from '../../../lib/bitmap-font.ts';
import type { Theme } from '../themes.ts';
import { Raster, type Rgb } from './raster.ts';

export interface PicturePin {
  lat: number;
  lng: number;
  visited: boolean;
}

type PinPalette = Record<'primary' | 'visited' | 'onPrimary' | 'surface', Rgb>;

/**
 * The web app's pin colours (web/src/styles/tokens.css: --color-primary, --color-visited,
 * --color-on-primary, --color-surface), which the map reads from the tokens; a unit test
 * keeps the two in step.
 */
export const PIN_COLORS: Record<Theme, PinPalette> = {
  light: {
    primary: [0x0f, 0x5e, 0x63],
    visited: [0x1f, 0x7a, 0x3d],
    onPrimary: [0xff, 0xff, 0xff],
    surface: [0xff, 0xff, 0xff],
  },
  dark: {
    primary: [0x5e, 0xc9, 0xc3],
    visited: [0x6f, 0xd3, 0x94],
    onPrimary: [0x06, 0x29, 0x2a],
    surface: [0x18, 0x21, 0x1f],
  },
};

/**
 * Clusters as the map's GeoJSON source makes them (PIN_CLUSTERS), with the clusterer
 * MapLibre itself runs, at the tile zoom MapLibre asks for (the whole zoom below the
 * view's), so the picture shows the same circles.
 */
export function clusterPins(pins: readonly PicturePin[], zoom: number) {
  const EXTENT = 8192;
  const index = new Supercluster({
    maxZoom: PIN_CLUSTERS.maxZoom,
    minPoints: 2,
    extent: EXTENT,
    radius: PIN_CLUSTERS.radius * (EXTENT / 512),
  });
  index.load(
    pins.map((pin) => ({
      type: 'Feature' as const,
      properties: { visited: pin.visited },
      geometry: { type: 'Point' as const, coordinates: [pin.lng, pin.lat] },
    })),
  );
  return index.getClusters([-180, -90, 180, 90], Math.max(0, Math.floor(zoom))).map((f) => {
    const [lng = 0, lat = 0] = f.geometry.coordinates;
    const count = Number((f.properties as { point_count?: number }).point_count ?? 1);
    const visited = Boolean((f.properties as { visited?: boolean }).visited);
    return { lng, lat, count, visited };
  });
}

/** point_count_abbreviated, in the capitals the bitmap font has. */
function abbreviated(count: number): string {
  if (count >= 10000) return `${Math.round(count / 1000)}K`;
  if (count >= 1000) return `${Math.round(count / 100) / 10}K`;
  return String(count);
}

export function drawCluster(
  raster: Raster,
  x: number,
  y: number,
  count: number,
  scale: number,
  colors: PinPalette,
) {
  const radius = clusterCircleRadius(count) * scale;
  raster.fillDisc(x, y, radius + 2 * scale, colors.surface, 1, radius);
  raster.fillDisc(x, y, radius, colors.primary, 0.92);
  const text = abbreviated(count);
  const width = (text.length * ADVANCE - 1) * scale;
  const left = Math.round(x - width / 2);
  const top = Math.round(y - (GLYPH_HEIGHT * scale) / 2);
  forEachInkPixel(text, (px, py) =>
    raster.fillRect(left + px * scale, top + py * scale, scale, scale, colors.onPrimary),
  );
}

/**
 * The pin outline of web pin-images.ts (lucide's MapPin), 'M14 34C14 34 3.5 22.4 3.5 13.5
 * a10.5 10.5 0 0 1 21 0C24.5 22.4 14 34 14 34z' in its 28×36 box, flattened to points.
 */
const PIN_OUTLINE: number[] = (() => {
  const points: number[] = [];
  const cubic = (p: number[], steps: number) => {
    for (let i = 0; i <= steps; i++) {
      const t = i / steps;
      const u = 1 - t;
      const a = u * u * u,
        b = 3 * u * u * t,
        c = 3 * u * t * t,
        d = t * t * t;
      points.push(
        a * p[0]! + b * p[2]! + c * p[4]! + d * p[6]!,
        a * p[1]! + b * p[3]! + c * p[5]! + d * p[7]!,
      );
    }
  };
  cubic([14, 34, 14, 34, 3.5, 22.4, 3.5, 13.5], 12);
  for (let i = 1; i < 24; i++) {
    const angle = Math.PI + (Math.PI * i) / 24;
    points.push(14 + 10.5 * Math.cos(angle), 13.5 + 10.5 * Math.sin(angle));
  }
  cubic([24.5, 13.5, 24.5, 22.4, 14, 34, 14, 34], 12);
  return points;
})();
const CHECK = [9.2, 13.6, 12.6, 17, 18.8, 10.2];

/** A pin with its tip at (x, y): the icon is anchored at its bottom, as on the map. */
export function drawPin(
  raster: Raster,
  x: number,
  y: number,
  visited: boolean,
  scale: number,
  colors: PinPalette,
) {
  const left = x - 14 * scale;
  const top = y - 36 * scale;
  const at = (box: number[]) => box.map((v, i) => (i % 2 === 0 ? left : top) + v * scale);
  raster.fillRings([at(PIN_OUTLINE)], visited ? colors.visited : colors.primary);
  raster.strokePaths([at(PIN_OUTLINE)], 1.5 * scale, colors.surface, true);
  if (visited) raster.strokePaths([at(CHECK)], 2.6 * scale, colors.onPrimary);
  else raster.fillDisc(left + 14 * scale, top + 13.5 * scale, 4 * scale, colors.onPrimary);
}
