import { createCanvas, Path2D, type SKRSContext2D } from '@napi-rs/canvas';
import { mercatorX, mercatorY, worldSize, type MapCamera } from '@spotbook/contract';
import { encodePng } from '../../../lib/canvas-png.ts';
import { LINE_WIDTHS, lineWidthAt } from '../style.ts';
import { PALETTES, type Theme } from '../themes.ts';
import { COARSE_MAX_ZOOM } from '../tiles.ts';
import { clusterPins, drawCluster, drawPin, type PicturePin } from './pins.ts';
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

/** Where the camera puts the world in a picture of `width` × `height` device pixels. */
interface View {
  /** the world's side in device pixels */
  size: number;
  left: number;
  top: number;
  width: number;
  height: number;
  /** the world repeats sideways: the offsets (in worlds) of the copies in view */
  copies: number[];
}

function viewOf(camera: MapCamera, width: number, height: number, scale: number): View {
  const size = worldSize(camera.zoom) * scale;
  const left = mercatorX(camera.lng) * size - width / 2;
  const top = mercatorY(camera.lat) * size - height / 2;
  const copies: number[] = [];
  for (let k = Math.floor(left / size) - 1; k * size < left + width + size; k++) copies.push(k);
  return { size, left, top, width, height, copies };
}

/**
 * The rings or lines of `paths` whose box is in view (with `margin` device px), in one
 * Path2D, each copy of the world at its offset. Skipping by box keeps a city view from
 * handing Skia the whole world's coastline.
 */
function pathInView(paths: ProjectedPaths, view: View, closed: boolean, margin = 2): Path2D {
  const { size, left, top, width, height } = view;
  const out = new Path2D();
  paths.paths.forEach((path, i) => {
    const b = paths.boxes.subarray(i * 4, i * 4 + 4);
    if (b[3]! * size - top < -margin || b[1]! * size - top > height + margin) return;
    for (const k of view.copies) {
      const dx = k * size - left;
      if (b[2]! * size + dx < -margin || b[0]! * size + dx > width + margin) continue;
      out.moveTo(path[0]! * size + dx, path[1]! * size - top);
      for (let j = 2; j < path.length; j += 2) {
        out.lineTo(path[j]! * size + dx, path[j + 1]! * size - top);
      }
      if (closed) out.closePath();
    }
  });
  return out;
}

function strokeStyle(ctx: SKRSContext2D, color: string, lineWidth: number) {
  ctx.strokeStyle = color;
  // As MapLibre draws a hairline: a pixel wide and faint, its ink its area.
  ctx.lineWidth = Math.max(lineWidth, 1);
  ctx.globalAlpha = Math.min(lineWidth, 1);
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
}

/**
 * A picture of the offline basemap at `camera` with the pins on it: the land, coasts and
 * borders of the style (style.ts) from the data its tiles are cut from, the clusters and
 * pins of the web map, drawn with Skia (@napi-rs/canvas, decision 017). No labels: it
 * stands in for the map for the moment the browser takes to start MapLibre, and
 * MapLibre draws them. Also the small picture of one spot's location (location.ts).
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
  const view = viewOf(camera, width, height, scale);

  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d', { alpha: false });
  ctx.fillStyle = palette.water;
  ctx.fillRect(0, 0, width, height);
  const land = pathInView(world.land, view, true);
  ctx.fillStyle = palette.land;
  ctx.fill(land, 'evenodd');
  strokeStyle(ctx, palette.coast, lineWidthAt(camera.zoom, LINE_WIDTHS.coast) * scale);
  ctx.stroke(land);
  strokeStyle(ctx, palette.border, lineWidthAt(camera.zoom, LINE_WIDTHS.border) * scale);
  ctx.stroke(pathInView(world.borders, view, false));
  ctx.globalAlpha = 1;

  const margin = 40 * scale;
  const spots = clusterPins(request.pins, camera.zoom).flatMap((spot) =>
    view.copies
      .map((k) => ({
        ...spot,
        x: mercatorX(spot.lng) * view.size + k * view.size - view.left,
        y: mercatorY(spot.lat) * view.size - view.top,
      }))
      .filter(
        ({ x, y }) => x > -margin && x < width + margin && y > -margin && y < height + margin,
      ),
  );
  // Circles under pins, as the map's layers are stacked.
  for (const s of spots) if (s.count > 1) drawCluster(ctx, s.x, s.y, s.count, scale, theme);
  for (const s of spots) if (s.count === 1) drawPin(ctx, s.x, s.y, s.visited, scale, theme);
  return encodePng(canvas);
}
