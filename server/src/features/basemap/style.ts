import type {
  FilterSpecification,
  LayerSpecification,
  StyleSpecification,
} from '@maplibre/maplibre-gl-style-spec';
import { fontFiles, fontVersion, MAP_FONT } from './fonts.ts';
import { PALETTES, type Theme } from './themes.ts';

export const DATA_NAMES = ['land', 'borders', 'countries', 'places'] as const;
export type DataName = (typeof DATA_NAMES)[number];

export const dataUrl = (name: DataName, version: string) =>
  `/api/map/data/${name}.geojson?v=${version}`;

/**
 * Our sources are coarse (1:50m), so the worker cuts tiles only to zoom 8 and scales
 * them up beyond; cutting a continent into zoom-16 tiles would be wasted work.
 */
const geojson = (name: DataName, version: string) => ({
  type: 'geojson' as const,
  data: dataUrl(name, version),
  maxzoom: 8,
  attribution: name === 'places' ? 'GeoNames' : 'Natural Earth',
});

/** Bigger cities first: rank 1 from the start, one more rank per zoom level. */
const cityFilter = [
  'step',
  ['zoom'],
  ['<=', ['get', 'rank'], 1],
  3,
  ['<=', ['get', 'rank'], 2],
  4,
  ['<=', ['get', 'rank'], 3],
  5,
  ['<=', ['get', 'rank'], 4],
  6,
  ['<=', ['get', 'rank'], 5],
  7,
  true,
] as FilterSpecification;

function layers(theme: Theme): LayerSpecification[] {
  const p = PALETTES[theme];
  return [
    { id: 'water', type: 'background', paint: { 'background-color': p.water } },
    {
      id: 'land',
      type: 'fill',
      source: 'land',
      paint: { 'fill-color': p.land, 'fill-antialias': true },
    },
    {
      id: 'coast',
      type: 'line',
      source: 'land',
      paint: {
        'line-color': p.coast,
        'line-width': ['interpolate', ['linear'], ['zoom'], 1, 0.4, 8, 1.2],
      },
    },
    {
      id: 'borders',
      type: 'line',
      source: 'borders',
      paint: {
        'line-color': p.border,
        'line-width': ['interpolate', ['linear'], ['zoom'], 1, 0.4, 8, 1],
      },
    },
    {
      id: 'country-labels',
      type: 'symbol',
      source: 'countries',
      minzoom: 1.5,
      maxzoom: 7,
      // Big countries first; small ones appear as there is room (area is in square degrees).
      filter: [
        'step',
        ['zoom'],
        ['>=', ['get', 'area'], 150],
        3,
        ['>=', ['get', 'area'], 10],
        4,
        true,
      ],
      layout: {
        'text-field': ['get', 'name'],
        'text-font': [MAP_FONT],
        'text-size': ['interpolate', ['linear'], ['zoom'], 2, 10, 6, 14],
        'text-transform': 'uppercase',
        'text-letter-spacing': 0.08,
        'text-max-width': 7,
        'symbol-sort-key': ['-', ['get', 'area']],
      },
      paint: { 'text-color': p.countryText, 'text-halo-color': p.halo, 'text-halo-width': 1.2 },
    },
    {
      id: 'city-labels',
      type: 'symbol',
      source: 'places',
      filter: cityFilter,
      layout: {
        'text-field': ['get', 'name'],
        'text-font': [MAP_FONT],
        'text-size': [
          'interpolate',
          ['linear'],
          ['zoom'],
          2,
          ['-', 14, ['get', 'rank']],
          10,
          ['-', 19, ['get', 'rank']],
        ],
        'text-max-width': 8,
        'symbol-sort-key': ['get', 'rank'],
      },
      paint: { 'text-color': p.cityText, 'text-halo-color': p.halo, 'text-halo-width': 1.4 },
    },
  ];
}

/**
 * The offline basemap: every URL in it is on this server, and there is no `glyphs` URL —
 * labels are drawn by MapLibre from the font files in `font-faces` (MapLibre ≥ 6), with the
 * browser's own fonts for scripts Inter lacks. docs/decisions/003-offline-basemap.md
 */
export function buildStyle(theme: Theme, dataVersion: string): StyleSpecification {
  const fontQuery = `?v=${fontVersion()}`;
  return {
    version: 8,
    name: `Spotbook ${theme}`,
    center: [10, 30],
    zoom: 1.5,
    'font-faces': {
      [MAP_FONT]: fontFiles().map((f) => ({
        url: `/api/map/fonts/${f.file}${fontQuery}`,
        'unicode-range': f.unicodeRange,
      })),
    },
    sources: Object.fromEntries(DATA_NAMES.map((name) => [name, geojson(name, dataVersion)])),
    layers: layers(theme),
  };
}
