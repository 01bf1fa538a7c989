import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { cx } from '@/lib/cx.ts';
import { boundsContain } from './bounds.ts';
import { OFFLINE_STYLE_URL, OSM_MAP_CREDIT, themedStyleUrl, useMapConfig } from './map-config.ts';
import { MapLoading } from './MapLoading.tsx';
import { MapPicture, useMapPictureUrl } from './MapPicture.tsx';
import { PinList } from './PinList.tsx';
import { showsPinList } from './pin-list-rule.ts';
import type { Bounds, EngineProps, LoadState, SpotMapProps } from './types.ts';
import { useColorScheme } from './use-color-scheme.ts';
import column from './placeholder.module.css';
import styles from './spot-map.module.css';

// Each engine is its own chunk: a MapLibre deployment never downloads the Google code.
const MapLibreEngine = lazy(() => import('./maplibre/MapLibreEngine.tsx'));
const GoogleEngine = lazy(() => import('./google/GoogleEngine.tsx'));

const NO_PINS: SpotMapProps['pins'] = [];

/**
 * The one map of the app (issue #3 §3): spots as pins on MapLibre GL (default, offline
 * basemap) or Google Maps, with the spec's empty message, loading indicator, load states
 * and 'Error: AuthFailure' panel, and a list of the pins in view for keyboards and
 * screen readers. `data-map-state` and `data-map-idle` let tests wait for the map.
 */
export default function SpotMap(props: SpotMapProps) {
  const {
    emptyMessage,
    ariaLabel,
    center,
    selectedId,
    height = 360,
    disabled = false,
    children,
  } = props;
  const pins = disabled ? NO_PINS : props.pins;
  const config = useMapConfig();
  const colorScheme = useColorScheme();
  const [state, setState] = useState<LoadState>('not-loaded');
  const [idle, setIdle] = useState(false);
  const [view, setView] = useState<Bounds | null>(null);
  const frameRef = useRef<HTMLDivElement>(null);

  const inView = useMemo(
    () => (view ? pins.filter((pin) => boundsContain(view, pin)) : pins),
    [pins, view],
  );

  const engineProps: EngineProps = {
    pins,
    ...(center ? { center } : {}),
    ...(selectedId !== undefined ? { selectedId } : {}),
    ...(props.onPickLocation && !disabled ? { onPickLocation: props.onPickLocation } : {}),
    interactive: !disabled,
    ariaLabel,
    colorScheme,
    onStateChange: useCallback((next: LoadState) => setState(next), []),
    onViewChange: useCallback((next: Bounds) => setView(next), []),
    onIdleChange: useCallback((next: boolean) => setIdle(next), []),
  };

  const busy = state === 'not-loaded' || state === 'loading';
  const broken = state === 'failed' || state === 'auth-failure';
  // The picture is of our offline basemap: with Google or an online style it would not match.
  const picture = useMapPictureUrl(frameRef, {
    pictureUrl: props.pictureUrl,
    wanted:
      !disabled &&
      !broken &&
      config?.engine === 'maplibre' &&
      config.style_url === OFFLINE_STYLE_URL,
    theme: colorScheme,
  });
  return (
    <div
      className={cx(column.column, styles.root)}
      data-map-state={state}
      data-map-idle={idle}
      data-map-engine={config?.engine}
      data-disabled={disabled || undefined}
    >
      <div ref={frameRef} className={styles.frame} style={{ height }} aria-busy={busy}>
        <Suspense fallback={null}>
          {config?.engine === 'google' && config.google_maps_api_key ? (
            <GoogleEngine
              key={String(disabled)}
              {...engineProps}
              apiKey={config.google_maps_api_key}
            />
          ) : config ? (
            <MapLibreEngine
              key={String(disabled)}
              {...engineProps}
              styleUrl={themedStyleUrl(config.style_url, colorScheme)}
              credit={config.openstreetmap_data ? OSM_MAP_CREDIT : undefined}
            />
          ) : null}
        </Suspense>
        {picture && <MapPicture key={picture.src} {...picture} mapLoaded={state === 'loaded'} />}
        {busy && <MapLoading />}
        {state === 'auth-failure' && (
          <div className={styles.panel} role="alert">
            <h3 className={styles.panelTitle}>Error: AuthFailure</h3>
            <p>A problem with the maps API key prevents the map from showing.</p>
          </div>
        )}
        {state === 'failed' && (
          <div className={styles.panel} role="alert">
            <p>The map could not be loaded.</p>
          </div>
        )}
        {!disabled && !broken && pins.length === 0 && emptyMessage && (
          <p className={styles.empty} role="status">
            {emptyMessage}
          </p>
        )}
        {children && <div className={styles.overlay}>{children}</div>}
      </div>
      {showsPinList({ pins, disabled }) && (
        <PinList pins={inView} total={pins.length} selectedId={selectedId} />
      )}
    </div>
  );
}
