import {
  constrain,
  fitCamera,
  MAP_PICTURE,
  mercatorX,
  mercatorY,
  type GeoBounds,
  type MapCamera,
} from './map-view.ts';

/**
 * Map pictures come in a few sizes, not one per map box (decision 010): a side is
 * rounded up to a multiple of this many CSS pixels, so viewers whose maps differ by a
 * few pixels share one drawing, one server cache entry and one browser cache entry.
 */
export const MAP_PICTURE_STEP = 64;

interface Size {
  width: number;
  height: number;
}

const roundUp = (side: number) =>
  Math.min(
    MAP_PICTURE.maxSide,
    Math.max(MAP_PICTURE.minSide, Math.ceil(side / MAP_PICTURE_STEP) * MAP_PICTURE_STEP),
  );
/** The smallest side that rounds up to `picture`'s: every box of the bucket is at least this. */
const smallestOf = (picture: number) =>
  Math.max(MAP_PICTURE.minSide, picture - MAP_PICTURE_STEP + 1);

/**
 * The picture drawn for a map box of `box` CSS pixels: a box's sides rounded up to
 * MAP_PICTURE_STEP (so it covers the box, centred), and the size the pins are fitted
 * into, the smallest box of that bucket (so no pin of any box in it is cut off).
 */
export function mapPictureFrame(box: Size): { picture: Size; fit: Size } {
  const picture = { width: roundUp(box.width), height: roundUp(box.height) };
  return { picture, fit: { width: smallestOf(picture.width), height: smallestOf(picture.height) } };
}

/**
 * The camera of a map box and of its picture, the same for every box of one picture
 * size: fitCamera into the bucket's smallest box, then held in the world for the
 * picture's (largest) box, so MapLibre, holding it for the real box in between, keeps it
 * as it is. The picture shows the map's view around the box, centred on the same point.
 */
export function pictureCamera(bounds: GeoBounds, box: Size, maxZoom: number): MapCamera {
  const { picture, fit } = mapPictureFrame(box);
  const fitted = fitCamera(bounds, fit, maxZoom);
  return constrain(
    { x: mercatorX(fitted.lng), y: mercatorY(fitted.lat), zoom: fitted.zoom },
    picture,
  );
}
