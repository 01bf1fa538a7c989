/**
 * The map feature's public face. `SpotMap` is a small wrapper; the map itself (MapLibre
 * GL or the Google Maps loader) is a separate chunk, downloaded only by pages that
 * render a map, with a loading box of the map's size meanwhile. `preloadMap` starts
 * that download early.
 */
export { SpotMap } from './SpotMapLoader.tsx';
export { preloadMap } from './preload.ts';
export type { LatLng, MapPictureRequest, MapPin, SpotMapProps } from './types.ts';
