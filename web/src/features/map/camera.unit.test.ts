import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  FIT_PADDING,
  fitCamera,
  mercatorX,
  mercatorY,
  OFFLINE_FIT_MAX_ZOOM,
  worldSize,
  type GeoBounds,
} from '@spotbook/contract';
import { describe, expect, it } from 'vitest';

/**
 * The server draws a picture of the camera fitCamera computes, and the map is created
 * at that camera: if MapLibre's own fitBounds looked elsewhere, the picture and the map
 * would not line up. MapLibre's camera code (its TypeScript sources, shipped in the
 * package) is the reference here, run without a browser.
 */
const root = path.dirname(createRequire(import.meta.url).resolve('maplibre-gl/package.json'));
const load = (file: string) => import(pathToFileURL(path.join(root, 'src', file)).href);
const { MercatorTransform } = await load('geo/projection/mercator_transform.ts');
const { cameraForBoxAndBearing } = await load('geo/projection/camera_helper.ts');
const { LngLatBounds } = await load('geo/lng_lat_bounds.ts');

function mapLibreFit(bounds: GeoBounds, width: number, height: number) {
  // As the map is created: MapLibre's default minimum zoom, our maximum (create-map.ts).
  const transform = new MercatorTransform({ minZoom: -2, maxZoom: 18, renderWorldCopies: true });
  transform.resize(width, height);
  const fitted = cameraForBoxAndBearing(
    { maxZoom: OFFLINE_FIT_MAX_ZOOM, offset: [0, 0] },
    FIT_PADDING,
    { top: 0, right: 0, bottom: 0, left: 0 },
    new LngLatBounds([bounds.west, bounds.south], [bounds.east, bounds.north]),
    0,
    transform,
  );
  const { center, zoom } = transform.applyConstrain(fitted.center, fitted.zoom);
  return { lat: center.lat as number, lng: center.lng as number, zoom: zoom as number };
}

const cases: [string, GeoBounds, number, number][] = [
  ['a world of spots on a desktop', { south: -40, west: -120, north: 60, east: 150 }, 1200, 360],
  ['a world of spots on a phone', { south: -40, west: -120, north: 60, east: 150 }, 328, 300],
  [
    'pole to pole, pushed inside the world',
    { south: -85, west: -180, north: 85, east: 180 },
    800,
    440,
  ],
  ['a city', { south: 48.8, west: 2.25, north: 48.9, east: 2.42 }, 1000, 400],
  [
    'one spot, at the zoom limit',
    { south: 35.67, west: 139.69, north: 35.6745, east: 139.6955 },
    700,
    300,
  ],
  ['a tall narrow map', { south: -10, west: -20, north: 10, east: 20 }, 200, 1200],
];

describe('fitCamera agrees with MapLibre', () => {
  it.each(cases)('%s', (_, bounds, width, height) => {
    const ours = fitCamera(bounds, { width, height }, OFFLINE_FIT_MAX_ZOOM);
    const theirs = mapLibreFit(bounds, width, height);
    expect(ours.zoom).toBeCloseTo(theirs.zoom, 6);
    // The same centre to a hundredth of a pixel at that zoom.
    const world = worldSize(theirs.zoom);
    expect(Math.abs(mercatorX(ours.lng) - mercatorX(theirs.lng)) * world).toBeLessThan(0.01);
    expect(Math.abs(mercatorY(ours.lat) - mercatorY(theirs.lat)) * world).toBeLessThan(0.01);
  });
});
