import { MAP_PICTURE, mapPictureFrame } from '@spotbook/contract';
import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';
import type { MapPictureRequest, SpotMapProps } from './types.ts';
import styles from './map-picture.module.css';

/** How long the picture takes to fade once the map under it has loaded (the CSS's 200 ms). */
const FADE_MS = 250;

/**
 * The server's picture of this very map (same view, basemap and pins, no labels), laid
 * over the map while MapLibre starts: on a slow device that takes a second or more, and
 * the picture is there in a fraction of it (docs/decisions/010-map-picture.md). It fades
 * once the map has loaded, and goes away quietly if it cannot be had. Decorative to
 * assistive technology: the map's pin list says what it shows.
 *
 * The picture is drawn for a size bucket a little larger than the box, around the same
 * centre as the map's camera (contract's pictureCamera): it is laid out at that size in
 * CSS pixels, centred, and the box's overflow cuts the rest.
 */
export function MapPicture({ src, width, height, mapLoaded }: MapPictureProps) {
  const [failed, setFailed] = useState(false);
  // Mounted over a map that has already loaded (a new theme's address): nothing to cover.
  const [gone, setGone] = useState(mapLoaded);

  useEffect(() => {
    if (!mapLoaded) return;
    const timer = setTimeout(() => setGone(true), FADE_MS);
    return () => clearTimeout(timer);
  }, [mapLoaded]);

  if (failed || gone) return null;
  return (
    <img
      className={styles.picture}
      src={src}
      style={{ width, height, marginLeft: -width / 2, marginTop: -height / 2 }}
      alt=""
      data-map-picture={mapLoaded ? 'fading' : 'shown'}
      fetchPriority="high"
      onError={() => setFailed(true)}
    />
  );
}

/** The sizes the server draws pictures at (a hidden map measures 0, a huge one is left out). */
const drawable = ({ width, height }: { width: number; height: number }) =>
  [width, height].every((side) => side >= MAP_PICTURE.minSide && side <= MAP_PICTURE.maxSide);

/** A picture's address and its size in CSS pixels (its bucket, at least the map's box). */
export interface MapPictureProps {
  src: string;
  width: number;
  height: number;
  mapLoaded: boolean;
}

/**
 * The picture of the map in `frame` (whose box MapLibre fills), measured before the
 * first paint, asked for at its bucket's size so that boxes a few pixels apart share one
 * address (and the browser's cache); null when the map is not to have one.
 */
export function useMapPictureUrl(
  frame: RefObject<HTMLElement | null>,
  options: { pictureUrl: SpotMapProps['pictureUrl']; wanted: boolean; theme: 'light' | 'dark' },
): Omit<MapPictureProps, 'mapLoaded'> | null {
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  useLayoutEffect(() => {
    if (frame.current)
      setSize({ width: frame.current.clientWidth, height: frame.current.clientHeight });
  }, [frame]);
  if (!options.pictureUrl || !options.wanted || !size || !drawable(size)) return null;
  const { picture } = mapPictureFrame(size);
  const request: MapPictureRequest = {
    ...picture,
    pixelRatio: window.devicePixelRatio > 1.5 ? 2 : 1,
    theme: options.theme,
  };
  return { src: options.pictureUrl(request), ...picture };
}
