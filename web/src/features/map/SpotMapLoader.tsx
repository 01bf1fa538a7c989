import { lazy, Suspense } from 'react';
import { MapLoading } from './MapLoading.tsx';
import type { SpotMapProps } from './types.ts';
import styles from './placeholder.module.css';

const LazySpotMap = lazy(() => import('./SpotMap.tsx'));

/**
 * SpotMap behind its own Suspense boundary: while the map code downloads, a box of the
 * map's size shows the same small loading indicator, so the page does not jump.
 */
export function SpotMap(props: SpotMapProps) {
  const fallback = (
    <div className={styles.placeholder} style={{ height: props.height ?? 360 }}>
      <MapLoading />
    </div>
  );
  return (
    <Suspense fallback={fallback}>
      <LazySpotMap {...props} />
    </Suspense>
  );
}
