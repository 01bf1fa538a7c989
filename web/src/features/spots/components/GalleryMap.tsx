import type { Review } from '@spotbook/contract';
import { Suspense, useMemo } from 'react';
import { SpotMap, type MapPin } from '@/features/map';
import styles from './home-spots.module.css';

export interface GalleryMapProps {
  /** The cards on screen; undefined while the first page loads. */
  spots: readonly Review[] | undefined;
  emptyMessage: string;
}

/** The pins of the spots on the current page, each linking to its spot page. */
export function GalleryMap({ spots, emptyMessage }: GalleryMapProps) {
  const pins = useMemo<MapPin[]>(
    () =>
      (spots ?? []).map((spot) => ({
        id: spot.id,
        title: spot.place_details.displayName,
        lat: spot.place_details.lat,
        lng: spot.place_details.lng,
        href: `/reviews/${spot.id}`,
        visited: spot.visited,
      })),
    [spots],
  );
  return (
    <Suspense fallback={<div className={styles.mapPlaceholder} aria-hidden="true" />}>
      <SpotMap
        pins={pins}
        emptyMessage={spots ? emptyMessage : ''}
        ariaLabel="Map of my spots"
        height="clamp(240px, 42vw, 380px)"
      />
    </Suspense>
  );
}
