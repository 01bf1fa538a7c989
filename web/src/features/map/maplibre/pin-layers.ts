import { LIMITS, PIN_CLUSTERS, truncate } from '@spotbook/contract';
import type { FeatureCollection, Point } from 'geojson';
import type {
  ExpressionSpecification,
  GeoJSONSource,
  Map as MapLibreMap,
  StyleSpecification,
} from 'maplibre-gl';
import type { MapPin, PinId } from '../types.ts';
import { drawPin, PIN_IMAGE_OPTIONS, type PinColors } from './pin-images.ts';

export const PIN_SOURCE = 'spotbook-pins';
export const CLUSTER_LAYER = 'spotbook-clusters';
const CLUSTER_COUNT_LAYER = 'spotbook-cluster-counts';
export const PIN_LAYER = 'spotbook-pins';
const LAYERS = [CLUSTER_LAYER, CLUSTER_COUNT_LAYER, PIN_LAYER];

export interface PinProperties {
  id: PinId;
  /** Marker titles are cut to 14 characters with an ellipsis (spec §9). */
  label: string;
  visited: boolean;
}

export function pinsToGeoJson(pins: readonly MapPin[]): FeatureCollection<Point, PinProperties> {
  return {
    type: 'FeatureCollection',
    features: pins.map((pin) => ({
      type: 'Feature',
      properties: {
        id: pin.id,
        label: truncate(pin.title, LIMITS.markerTitle),
        visited: Boolean(pin.visited),
      },
      geometry: { type: 'Point', coordinates: [pin.lng, pin.lat] },
    })),
  };
}

/** The font of the style's own labels, which its glyphs or font-faces are sure to cover. */
function styleTextFont(style: StyleSpecification | undefined): string[] {
  for (const layer of style?.layers ?? []) {
    const font = layer.type === 'symbol' ? layer.layout?.['text-font'] : undefined;
    if (Array.isArray(font) && font.every((f) => typeof f === 'string')) return font as string[];
  }
  return ['Inter Regular'];
}

const selectedExpression = (selectedId: PinId | undefined): ExpressionSpecification | boolean =>
  selectedId === undefined ? false : ['==', ['get', 'id'], selectedId];

/**
 * Adds the pins to the current style: one clustered GeoJSON source, circles with counts
 * for clusters, and pin bitmaps with short titles for single spots. Clustering keeps a map
 * of 10,000 spots as fast as one of 100. Runs again after every style (re)load, so it
 * first removes what an earlier run added.
 */
export function installPinLayers(
  map: MapLibreMap,
  data: FeatureCollection<Point, PinProperties>,
  colors: PinColors,
  selectedId: PinId | undefined,
) {
  for (const id of LAYERS) if (map.getLayer(id)) map.removeLayer(id);
  if (map.getSource(PIN_SOURCE)) map.removeSource(PIN_SOURCE);
  for (const kind of ['want', 'visited'] as const) {
    const name = `spotbook-pin-${kind}`;
    if (map.hasImage(name)) map.removeImage(name);
    map.addImage(name, drawPin(kind, colors), PIN_IMAGE_OPTIONS);
  }
  const font = styleTextFont(map.getStyle());

  map.addSource(PIN_SOURCE, {
    type: 'geojson',
    data,
    cluster: true,
    clusterRadius: PIN_CLUSTERS.radius,
    clusterMaxZoom: PIN_CLUSTERS.maxZoom,
  });
  map.addLayer({
    id: CLUSTER_LAYER,
    type: 'circle',
    source: PIN_SOURCE,
    filter: ['has', 'point_count'],
    paint: {
      'circle-color': colors.primary,
      'circle-radius': [
        'step',
        ['get', 'point_count'],
        PIN_CLUSTERS.circleRadii[0][1],
        ...PIN_CLUSTERS.circleRadii.slice(1).flat(),
      ],
      'circle-stroke-width': 2,
      'circle-stroke-color': colors.surface,
      'circle-opacity': 0.92,
    },
  });
  map.addLayer({
    id: CLUSTER_COUNT_LAYER,
    type: 'symbol',
    source: PIN_SOURCE,
    filter: ['has', 'point_count'],
    layout: {
      'text-field': ['get', 'point_count_abbreviated'],
      'text-font': font,
      'text-size': 12,
      'text-allow-overlap': true,
    },
    paint: { 'text-color': colors.onPrimary },
  });
  map.addLayer({
    id: PIN_LAYER,
    type: 'symbol',
    source: PIN_SOURCE,
    filter: ['!', ['has', 'point_count']],
    layout: {
      'icon-image': ['case', ['get', 'visited'], 'spotbook-pin-visited', 'spotbook-pin-want'],
      'icon-anchor': 'bottom',
      'icon-allow-overlap': true,
      'icon-size': ['case', selectedExpression(selectedId), 1.3, 1],
      'symbol-sort-key': ['case', selectedExpression(selectedId), 1, 0],
      'text-field': ['get', 'label'],
      'text-font': font,
      'text-size': 12,
      'text-anchor': 'top',
      'text-offset': [0, 0.25],
      // A crowded label gives way; its pin stays.
      'text-optional': true,
    },
    paint: { 'text-color': colors.text, 'text-halo-color': colors.surface, 'text-halo-width': 1.5 },
  });
}

export function setSelectedPin(map: MapLibreMap, selectedId: PinId | undefined) {
  if (!map.getLayer(PIN_LAYER)) return;
  map.setLayoutProperty(PIN_LAYER, 'icon-size', ['case', selectedExpression(selectedId), 1.3, 1]);
  map.setLayoutProperty(PIN_LAYER, 'symbol-sort-key', [
    'case',
    selectedExpression(selectedId),
    1,
    0,
  ]);
}

export function setPinData(map: MapLibreMap, data: FeatureCollection<Point, PinProperties>) {
  void map.getSource<GeoJSONSource>(PIN_SOURCE)?.setData(data);
}

export function pinLayersPresent(map: MapLibreMap): string[] {
  return LAYERS.filter((id) => map.getLayer(id));
}
