import { Supercluster } from '@maplibre/geojson-vt';
import {
  BRAND_COLORS,
  clusterCircleRadius,
  hexToRgb,
  PIN_CLUSTERS,
  PIN_SHAPE,
} from '@spotbook/contract';
import { ADVANCE, forEachInkPixel, GLYPH_HEIGHT } from '../../../lib/bitmap-font.ts';
import type { Theme } from '../themes.ts';
import { Raster, type Rgb } from './raster.ts';

export interface PicturePin {
  lat: number;
  lng: number;
  visited: boolean;
}

type PinPalette = Record<'primary' | 'visited' | 'onPrimary' | 'surface', Rgb>;

const pinPalette = (theme: Theme): PinPalette => {
  const { primary, visited, onPrimary, surface } = BRAND_COLORS[theme];
  return {
    primary: hexToRgb(primary),
    visited: hexToRgb(visited),
    onPrimary: hexToRgb(onPrimary),
    surface: hexToRgb(surface),
  };
};

/** The brand's pin colours (the contract's, which the web's tokens hold too). */
export const PIN_COLORS: Record<Theme, PinPalette> = {
  light: pinPalette('light'),
  dark: pinPalette('dark'),
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

/** The contract's pin outline (PIN_SHAPE.path, which the web draws), flattened to points. */
const PIN_OUTLINE: number[] = (() => {
  const { tip, head, shoulderY } = PIN_SHAPE;
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
  const [left, right] = [head.x - head.r, head.x + head.r];
  cubic([tip.x, tip.y, tip.x, tip.y, left, shoulderY, left, head.y], 12);
  for (let i = 1; i < 24; i++) {
    const angle = Math.PI + (Math.PI * i) / 24;
    points.push(head.x + head.r * Math.cos(angle), head.y + head.r * Math.sin(angle));
  }
  cubic([right, head.y, right, shoulderY, tip.x, tip.y, tip.x, tip.y], 12);
  return points;
})();

/** A pin with its tip at (x, y): the icon is anchored at its bottom, as on the map. */
export function drawPin(
  raster: Raster,
  x: number,
  y: number,
  visited: boolean,
  scale: number,
  colors: PinPalette,
) {
  const { width, height, outlineWidth, dot, check } = PIN_SHAPE;
  const left = x - (width / 2) * scale;
  const top = y - height * scale;
  const at = (box: readonly number[]) => box.map((v, i) => (i % 2 === 0 ? left : top) + v * scale);
  raster.fillRings([at(PIN_OUTLINE)], visited ? colors.visited : colors.primary);
  raster.strokePaths([at(PIN_OUTLINE)], outlineWidth * scale, colors.surface, true);
  if (visited) raster.strokePaths([at(check.points)], check.width * scale, colors.onPrimary);
  else raster.fillDisc(left + dot.x * scale, top + dot.y * scale, dot.r * scale, colors.onPrimary);
}
