import type { GeoJSONSource, Map as MapLibreMap, MapMouseEvent } from 'maplibre-gl';
import type { LatLng, LoadState } from '../types.ts';
import { CLUSTER_LAYER, PIN_LAYER, PIN_SOURCE, pinLayersPresent } from './pin-layers.ts';
import { prefersReducedMotion, viewBounds } from './create-map.ts';
import type { EngineProps, PinId } from '../types.ts';

export interface MapHandlers {
  onStateChange: EngineProps['onStateChange'];
  onViewChange: EngineProps['onViewChange'];
  onIdleChange: EngineProps['onIdleChange'];
  onStyleLoad: () => void;
  onPinClick: (id: PinId, at: LatLng) => void;
  onPickLocation: (point: LatLng) => void;
}

/** An error loading a style or source with 401/403 means a bad or missing key. */
function loadStateForError(error: unknown): LoadState {
  const status = (error as { status?: number } | undefined)?.status;
  return status === 401 || status === 403 ? 'auth-failure' : 'failed';
}

/**
 * Wires MapLibre's events to the engine's callbacks. Handlers are read through `get()`
 * on every event, so they always see the latest React props.
 */
export function wireMapEvents(map: MapLibreMap, get: () => MapHandlers) {
  let loaded = false;
  // User Timing marks, seen in DevTools' performance panel and read by bench/list-page.ts.
  performance.mark('map:created');
  map.once('style.load', () => performance.mark('map:style-loaded'));
  map.once('render', () => performance.mark('map:first-frame'));
  map.on('style.load', () => get().onStyleLoad());
  map.on('load', () => {
    performance.mark('map:loaded');
    loaded = true;
    get().onStateChange('loaded');
    get().onViewChange(viewBounds(map));
  });
  map.on('error', (event) => {
    const sourceId = (event as { sourceId?: string }).sourceId;
    // Before the first frame a style that cannot load is fatal; a source is not.
    if (!loaded && !sourceId) get().onStateChange(loadStateForError(event.error));
    else console.warn('Map:', event.error?.message ?? event.error);
  });
  map.on('idle', () => get().onIdleChange(true));
  map.on('movestart', () => get().onIdleChange(false));
  map.on('moveend', () => get().onViewChange(viewBounds(map)));

  map.on('click', (event: MapMouseEvent) => {
    const layers = pinLayersPresent(map).filter((id) => id === CLUSTER_LAYER || id === PIN_LAYER);
    const hit = layers.length ? map.queryRenderedFeatures(event.point, { layers })[0] : undefined;
    if (hit?.layer.id === CLUSTER_LAYER) {
      void zoomIntoCluster(map, hit.properties['cluster_id'] as number, hit.geometry);
    } else if (hit) {
      const [lng, lat] = (hit.geometry as GeoJSON.Point).coordinates as [number, number];
      get().onPinClick(hit.properties['id'] as PinId, { lat, lng });
    } else {
      const { lat, lng } = event.lngLat.wrap();
      get().onPickLocation({ lat, lng });
    }
  });
  for (const layer of [CLUSTER_LAYER, PIN_LAYER]) {
    map.on('mouseenter', layer, () => (map.getCanvas().style.cursor = 'pointer'));
    map.on('mouseleave', layer, () => (map.getCanvas().style.cursor = ''));
  }
  // Keyboard users drop a pin at the centre of the view: Enter on the focused map.
  map.getCanvas().addEventListener('keydown', (event) => {
    if (event.key !== 'Enter') return;
    const { lat, lng } = map.getCenter().wrap();
    get().onPickLocation({ lat, lng });
  });
}

async function zoomIntoCluster(map: MapLibreMap, clusterId: number, geometry: GeoJSON.Geometry) {
  const source = map.getSource<GeoJSONSource>(PIN_SOURCE);
  if (!source || geometry.type !== 'Point') return;
  const zoom = await source.getClusterExpansionZoom(clusterId);
  map.easeTo({
    center: geometry.coordinates as [number, number],
    zoom,
    duration: prefersReducedMotion() ? 0 : 400,
  });
}
