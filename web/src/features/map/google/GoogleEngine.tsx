/// <reference types="google.maps" />
import {
  AdvancedMarker,
  APIProvider,
  InfoWindow,
  Map,
  type MapEvent,
  useMap,
} from '@vis.gl/react-google-maps';
import { useEffect, useMemo, useRef, useState } from 'react';
import { pinBounds } from '@spotbook/contract';
import { pinSetKey } from '../bounds.ts';
import { PinPopup } from '../PinPopup.tsx';
import type { Bounds, EngineProps, MapPin } from '../types.ts';
import styles from '../spot-map.module.css';
import { pinClusterer, type PinCluster } from './pin-clusters.ts';
import { PinMarker } from './PinMarker.tsx';
import { useGoogleLoadState } from './use-google-status.ts';
import markerStyles from './google-markers.module.css';

/**
 * Advanced markers need a map ID; Google's demo ID works with any key. A deployment
 * with its own cloud-styled map would set its ID here.
 */
const MAP_ID = 'DEMO_MAP_ID';
const FIT_PADDING = 40;
// Module constants: APIProvider reloads the API when these change identity.
const LIBRARIES = ['marker'];
/** The load state shows the failure; a warning keeps the console free of errors. */
const warnLoadError = (error: unknown) => console.warn('Google Maps:', error);

export default function GoogleEngine(props: EngineProps & { apiKey: string }) {
  return (
    <APIProvider
      apiKey={props.apiKey}
      libraries={LIBRARIES}
      language="en-US"
      region="us"
      onError={warnLoadError}
    >
      <GoogleMapView {...props} />
    </APIProvider>
  );
}

function boundsOf(map: google.maps.Map): Bounds | null {
  const b = map.getBounds();
  if (!b) return null;
  const ne = b.getNorthEast();
  const sw = b.getSouthWest();
  // Google wraps the west edge past the east one when the view crosses the antimeridian.
  const east = ne.lng() < sw.lng() ? ne.lng() + 360 : ne.lng();
  return { south: sw.lat(), west: sw.lng(), north: ne.lat(), east };
}

function GoogleMapView(props: EngineProps) {
  const {
    pins,
    center,
    selectedId,
    interactive,
    ariaLabel,
    onStateChange,
    onViewChange,
    onIdleChange,
  } = props;
  const state = useGoogleLoadState();
  const [view, setView] = useState<{ bounds: Bounds; zoom: number } | null>(null);
  const [popupPin, setPopupPin] = useState<MapPin | null>(null);
  const map = useMap();
  useEffect(() => onStateChange(state), [state, onStateChange]);

  // The first view; a different set of pins later is fitted by the effect below.
  const [initialBounds] = useState(() => (center ? null : pinBounds(pins)));
  const fittedKey = useRef(pinSetKey(pins));
  useEffect(() => {
    const key = pinSetKey(pins);
    if (!map || center || key === fittedKey.current) return;
    fittedKey.current = key;
    const bounds = pinBounds(pins);
    if (bounds) map.fitBounds(bounds, FIT_PADDING);
  }, [map, pins, center]);
  const clusterer = useMemo(() => pinClusterer(pins), [pins]);
  const clusters = useMemo(
    () => (view ? clusterer(view.bounds, view.zoom) : []),
    [clusterer, view],
  );

  // By value: a new object for the same point is no move.
  const [centerLat, centerLng] = [center?.lat, center?.lng];
  useEffect(() => {
    if (map && centerLat !== undefined && centerLng !== undefined) {
      map.panTo({ lat: centerLat, lng: centerLng });
    }
  }, [map, centerLat, centerLng]);

  const handleIdle = (event: MapEvent) => {
    const bounds = boundsOf(event.map);
    if (!bounds) return;
    setView({ bounds, zoom: event.map.getZoom() ?? 1 });
    onViewChange(bounds);
    onIdleChange(true);
  };

  const zoomInto = (cluster: PinCluster) => map?.fitBounds(cluster.pinBounds(), FIT_PADDING);

  return (
    <div role="region" aria-label={ariaLabel} className={styles.canvas}>
      <Map
        mapId={MAP_ID}
        colorScheme="FOLLOW_SYSTEM"
        {...(initialBounds
          ? { defaultBounds: { ...initialBounds, padding: FIT_PADDING } }
          : { defaultCenter: center ?? { lat: 30, lng: 10 }, defaultZoom: center ? 14 : 1 })}
        gestureHandling={interactive ? 'cooperative' : 'none'}
        disableDefaultUI={!interactive}
        keyboardShortcuts={interactive}
        clickableIcons={false}
        streetViewControl={false}
        mapTypeControl={false}
        onIdle={handleIdle}
        onCameraChanged={() => onIdleChange(false)}
        onClick={(event) => {
          const at = event.detail.latLng;
          if (at && interactive) props.onPickLocation?.({ lat: at.lat, lng: at.lng });
        }}
      >
        {clusters.map((cluster) =>
          cluster.pin ? (
            <PinMarker
              key={cluster.key}
              pin={cluster.pin}
              selected={cluster.pin.id === selectedId}
              onClick={() => setPopupPin(cluster.pin ?? null)}
            />
          ) : (
            <AdvancedMarker
              key={cluster.key}
              position={{ lat: cluster.lat, lng: cluster.lng }}
              title={`${cluster.count} spots: zoom in`}
              onClick={() => zoomInto(cluster)}
            >
              <span className={markerStyles.cluster}>{cluster.count}</span>
            </AdvancedMarker>
          ),
        )}
        {popupPin && (
          <InfoWindow
            position={popupPin}
            pixelOffset={[0, -34]}
            onCloseClick={() => setPopupPin(null)}
          >
            <PinPopup pin={popupPin} />
          </InfoWindow>
        )}
      </Map>
    </div>
  );
}
