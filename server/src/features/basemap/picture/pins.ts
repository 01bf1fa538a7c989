import { Supercluster } from '@maplibre/geojson-vt';
import { Path2D, type SKRSContext2D } from '@napi-rs/canvas';
import { BRAND_COLORS, clusterCircleRadius, PIN_CLUSTERS, PIN_SHAPE } from '@spotbook/contract';
import { PICTURE_FONT_FAMILY, registerPictureFonts } from '../../../lib/picture-fonts.ts';
import type { Theme } from '../themes.ts';

export interface PicturePin {
  lat: number;
  lng: number;
  visited: boolean;
}

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

/** point_count_abbreviated, as MapLibre writes it. */
function abbreviated(count: number): string {
  if (count >= 10000) return `${Math.round(count / 1000)}k`;
  if (count >= 1000) return `${Math.round(count / 100) / 10}k`;
  return String(count);
}

/** A cluster as the map's layers draw it: a circle with a surface ring, its count in it. */
export function drawCluster(
  ctx: SKRSContext2D,
  x: number,
  y: number,
  count: number,
  scale: number,
  theme: Theme,
) {
  const colors = BRAND_COLORS[theme];
  const radius = clusterCircleRadius(count) * scale;
  ctx.beginPath();
  ctx.arc(x, y, radius + scale, 0, 2 * Math.PI);
  ctx.strokeStyle = colors.surface;
  ctx.lineWidth = 2 * scale;
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(x, y, radius, 0, 2 * Math.PI);
  ctx.globalAlpha = 0.92;
  ctx.fillStyle = colors.primary;
  ctx.fill();
  ctx.globalAlpha = 1;
  registerPictureFonts();
  ctx.font = `600 ${12 * scale}px ${PICTURE_FONT_FAMILY}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = colors.onPrimary;
  ctx.fillText(abbreviated(count), x, y);
}

/** The contract's pin outline (PIN_SHAPE.path, which the web draws). */
const PIN_OUTLINE = new Path2D(PIN_SHAPE.path);

/** A pin with its tip at (x, y): the icon is anchored at its bottom, as on the map. */
export function drawPin(
  ctx: SKRSContext2D,
  x: number,
  y: number,
  visited: boolean,
  scale: number,
  theme: Theme,
) {
  const colors = BRAND_COLORS[theme];
  const { width, height, outlineWidth, dot, check } = PIN_SHAPE;
  ctx.save();
  ctx.translate(x - (width / 2) * scale, y - height * scale);
  ctx.scale(scale, scale);
  ctx.fillStyle = visited ? colors.visited : colors.primary;
  ctx.fill(PIN_OUTLINE);
  ctx.strokeStyle = colors.surface;
  ctx.lineWidth = outlineWidth;
  ctx.lineJoin = 'round';
  ctx.stroke(PIN_OUTLINE);
  if (visited) {
    const [x0, y0, ...rest] = check.points;
    ctx.beginPath();
    ctx.moveTo(x0, y0);
    for (let i = 0; i < rest.length; i += 2) ctx.lineTo(rest[i]!, rest[i + 1]!);
    ctx.strokeStyle = colors.onPrimary;
    ctx.lineWidth = check.width;
    ctx.lineCap = 'round';
    ctx.stroke();
  } else {
    ctx.beginPath();
    ctx.arc(dot.x, dot.y, dot.r, 0, 2 * Math.PI);
    ctx.fillStyle = colors.onPrimary;
    ctx.fill();
  }
  ctx.restore();
}
