import { describe, expect, it } from 'vitest';
import { mapPictureFrame, MAP_PICTURE_STEP, pictureCamera } from './map-picture-frame.ts';
import {
  mercatorX,
  mercatorY,
  OFFLINE_FIT_MAX_ZOOM,
  worldSize,
  type GeoBounds,
} from './map-view.ts';

const PARIS_TO_TOKYO: GeoBounds = { south: 35, west: 2, north: 49, east: 140 };
/** So wide that the world must be zoomed in to fill the box's height. */
const WORLD: GeoBounds = { south: -80, west: -170, north: 80, east: 170 };

/** Where a point falls in a box of `width` × `height` looking through `camera`. */
function inBox(
  bounds: GeoBounds,
  [lat, lng]: readonly [number, number],
  box: { width: number; height: number },
) {
  const camera = pictureCamera(bounds, box, OFFLINE_FIT_MAX_ZOOM);
  const world = worldSize(camera.zoom);
  return {
    x: (mercatorX(lng) - mercatorX(camera.lng)) * world + box.width / 2,
    y: (mercatorY(lat) - mercatorY(camera.lat)) * world + box.height / 2,
    top: (0 - mercatorY(camera.lat)) * world + box.height / 2,
    bottom: (1 - mercatorY(camera.lat)) * world + box.height / 2,
  };
}

describe('map picture sizes (decision 010)', () => {
  it('rounds a box up to the next multiple of the step, within the drawable sides', () => {
    expect(mapPictureFrame({ width: 1150, height: 403 }).picture).toEqual({
      width: 1152,
      height: 448,
    });
    expect(mapPictureFrame({ width: 1152, height: 448 }).picture).toEqual({
      width: 1152,
      height: 448,
    });
    expect(mapPictureFrame({ width: 1153, height: 64 }).picture).toEqual({
      width: 1216,
      height: 64,
    });
    expect(mapPictureFrame({ width: 2048, height: 65 }).picture).toEqual({
      width: 2048,
      height: 128,
    });
    expect(mapPictureFrame({ width: 1150, height: 403 }).fit).toEqual({ width: 1089, height: 385 });
  });

  it.each([
    ['Paris to Tokyo', PARIS_TO_TOKYO, true],
    ['the world', WORLD, false],
  ] as const)(
    'gives every box of a bucket one camera (%s), pins inside, no sky',
    (_, bounds, pinsInside) => {
      const bucket = { width: 1152, height: 448 };
      const camera = pictureCamera(bounds, bucket, OFFLINE_FIT_MAX_ZOOM);
      for (let width = bucket.width - MAP_PICTURE_STEP + 1; width <= bucket.width; width += 7) {
        for (
          let height = bucket.height - MAP_PICTURE_STEP + 1;
          height <= bucket.height;
          height += 9
        ) {
          const box = { width, height };
          expect(pictureCamera(bounds, box, OFFLINE_FIT_MAX_ZOOM)).toEqual(camera);
          for (const corner of [
            [bounds.south, bounds.west],
            [bounds.north, bounds.east],
          ] as const) {
            const { x, y, top, bottom } = inBox(bounds, corner, box);
            expect(x).toBeGreaterThan(0);
            expect(x).toBeLessThan(width);
            // A world view is zoomed in until the world fills the picture's height.
            if (pinsInside) {
              expect(y).toBeGreaterThan(0);
              expect(y).toBeLessThan(height);
            }
            // No sky past the poles, in this box or in the picture around it.
            expect(top).toBeLessThanOrEqual(-(bucket.height - height) / 2 + 1e-6);
            expect(bottom).toBeGreaterThanOrEqual(height + (bucket.height - height) / 2 - 1e-6);
          }
        }
      }
    },
  );
});
