import { lazy, Suspense } from 'react';
import { MapLoading } from './MapLoading.tsx';
import { showsPinList } from './pin-list-rule.ts';
import type { SpotMapProps } from './types.ts';
import styles from './placeholder.module.css';

const LazySpotMap = lazy(() => import('./SpotMap.tsx'));

/**
 * SpotMap behind its own Suspense boundary: while the map code downloads, a box of the
 * map's size shows the same small loading indicator, and the row of the pin list's
 * toggle is kept free below it, so nothing under the map moves when the map arrives (a
 * tap aimed at a form below it would land 44 px off).
 */
export function SpotMap(props: SpotMapProps) {
  const fallback = (
    <div className={styles.column}>
      <div className={styles.placeholder} style={{ height: props.height ?? 360 }}>
        <MapLoading />
      </div>
      {showsPinList(props) && <div className={styles.pinListRow} aria-hidden="true" />}
    </div>
  );
  return (
    <Suspense fallback={fallback}>
      <LazySpotMap {...props} />
    </Suspense>
  );
}
