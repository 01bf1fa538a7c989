import { mercatorX, mercatorY, worldSize, type MapCamera } from '@spotbook/contract';
import { encodePng } from '../../../lib/png.ts';
import { LINE_WIDTHS, lineWidthAt } from '../style.ts';
import { PALETTES, type Theme } from '../themes.ts';
import { COARSE_MAX_ZOOM } from '../tiles.ts';
import { clusterPins, drawCluster, drawPin, PIN_COLORS, type PicturePin } from './pins.ts';
import { Raster, type Rgb } from './raster.ts';
import type { ProjectedPaths, WorldReader } from './world.ts';

export interface PictureRequest {
  camera: MapCamera;
  /** CSS pixels */
  width: number;
  height: number;
  pixelRatio: number;
  theme: Theme;
  pins: readonly PicturePin[];
}

const rgb = (hex: string): Rgb => [
  parseInt(hex.slice(1, 3), 16),
  parseInt(hex.slice(3, 5), 16),
  parseInt(hex.slice(5, 7), 16),
];

/**
 * A picture of the offline basemap at `camera` with the pins on it: the land, coasts and
 * borders of the style (style.ts) from the data its tiles are cut from, the clusters and
 * pins of the web map. No labels: it stands in for the map for the moment the browser
 * takes to start MapLibre, and MapLibre draws them.
 */
export async function renderMapPicture(
  request: PictureRequest,
  readWorld: WorldReader,
): Promise<Buffer> {
  const { camera, pixelRatio: scale, theme } = request;
  const width = Math.round(request.width * scale);
  const height = Math.round(request.height * scale);
  const palette = PALETTES[theme];
  // Tiles of zoom 0–2 are cut from 1:110m, deeper ones from 1:50m (tiles.ts).
  const tileZoom = Math.max(0, Math.floor(camera.zoom));
  const world = await readWorld(tileZoom <= COARSE_MAX_ZOOM ? '110m' : '50m');

  const size = worldSize(camera.zoom) * scale;
  const left = mercatorX(camera.lng) * size - width / 2;
  const top = mercatorY(camera.lat) * size - height / 2;
  // The world repeats sideways; each copy in view is drawn at its own offset.
  const copies: number[] = [];
  for (let k = Math.floor(left / size) - 1; k * size < left + width + size; k++) copies.push(k);
  const inView = (paths: ProjectedPaths, margin: number) => {
    const out: Float64Array[] = [];
    paths.paths.forEach((path, i) => {
      const b = paths.boxes.subarray(i * 4, i * 4 + 4);
      for (const k of copies) {
        const dx = k * size - left;
        if (b[2]! * size + dx < -margin || b[0]! * size + dx > width + margin) continue;
        if (b[3]! * size - top < -margin || b[1]! * size - top > height + margin) continue;
        out.push(path.map((v, j) => (j % 2 === 0 ? v * size + dx : v * size - top)));
      }
    });
    return out;
  };

  const raster = new Raster(width, height, rgb(palette.water));
  const land = inView(world.land, 2);
  raster.fillRings(land, rgb(palette.land));
  raster.strokePaths(
    land,
    lineWidthAt(camera.zoom, LINE_WIDTHS.coast) * scale,
    rgb(palette.coast),
    true,
  );
  raster.strokePaths(
    inView(world.borders, 2),
    lineWidthAt(camera.zoom, LINE_WIDTHS.border) * scale,
    rgb(palette.border),
  );

  const colors = PIN_COLORS[theme];
  const margin = 40 * scale;
  const spots = clusterPins(request.pins, camera.zoom).flatMap((spot) =>
    copies
      .map((k) => ({
        ...spot,
        x: mercatorX(spot.lng) * size + k * size - left,
        y: mercatorY(spot.lat) * size - top,
      }))
      .filter(
        ({ x, y }) => x > -margin && x < width + margin && y > -margin && y < height + margin,
      ),
  );
  // Circles under pins, as the map's layers are stacked.
  for (const s of spots) if (s.count > 1) drawCluster(raster, s.x, s.y, s.count, scale, colors);
  for (const s of spots) if (s.count === 1) drawPin(raster, s.x, s.y, s.visited, scale, colors);
  return encodePng(width, height, raster.rgb);
}
