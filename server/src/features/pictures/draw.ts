import { createBasemap, type Basemap } from '../basemap/basemap.ts';
import { renderMapPicture, type PictureRequest } from '../basemap/picture/render.ts';
import { renderListCard, type CardInput } from '../lists/preview/card.ts';

/**
 * What the picture pool draws: a list's link-preview card, a list's map picture, or the
 * picture of a spot's location (a map picture of one pin).
 */
export type DrawTask =
  /** `cover`: the list's first photo (encoded), if it has one (lists/preview/cover.ts). */
  | { kind: 'card'; card: CardInput; cover?: Uint8Array }
  /** `dataDir` holds the basemap file, which the app has made ready before asking. */
  | { kind: 'map'; picture: PictureRequest; dataDir: string };

/** One per data directory: the worker reads the coastlines once and keeps them. */
const basemaps = new Map<string, Basemap>();

/** Runs in a worker thread (draw-worker.mjs): the PNG of one task. */
export async function draw(task: DrawTask): Promise<Buffer> {
  if (task.kind === 'card') return renderListCard(task.card, task.cover);
  let basemap = basemaps.get(task.dataDir);
  if (!basemap) basemaps.set(task.dataDir, (basemap = createBasemap(task.dataDir)));
  return renderMapPicture(task.picture, basemap.world);
}
