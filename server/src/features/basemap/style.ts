import type {
  ExpressionSpecification,
  FilterSpecification,
  LayerSpecification,
  StyleSpecification,
} from '@maplibre/maplibre-gl-style-spec';
import { fontFiles, fontVersion, MAP_FONT } from './fonts.ts';
import { MAX_RANK, rankMinZoom } from './places.ts';
import { PALETTES, type Theme } from './themes.ts';
import { TILE_MAX_ZOOM } from './tiles.ts';

export const tileUrl = (version: string) => `/api/map/tiles/{z}/{x}/{y}.pbf?v=${version}`;

/** One vector source, cut on the server (tiles.ts); beyond its maxzoom MapLibre scales up. */
const basemapSource = (version: string) => ({
  type: 'vector' as const,
  tiles: [tileUrl(version)],
  minzoom: 0,
  maxzoom: TILE_MAX_ZOOM,
  attribution: 'Natural Earth, GeoNames',
});

/**
 * Line widths in px at zoom 1 and at zoom 8, linear between and held beyond: the style's
 * `line-width`, and what map pictures draw (picture/render.ts).
 */
export const LINE_WIDTHS = { coast: [0.4, 1.2], border: [0.4, 1] } as const;
const LINE_WIDTH_ZOOMS = [1, 8] as const;

export function lineWidthAt(zoom: number, [from, to]: readonly [number, number]): number {
  const [z0, z1] = LINE_WIDTH_ZOOMS;
  const t = (Math.min(z1, Math.max(z0, zoom)) - z0) / (z1 - z0);
  return from + (to - from) * t;
}

const lineWidth = ([from, to]: readonly [number, number]) =>
  [
    'interpolate',
    ['linear'],
    ['zoom'],
    LINE_WIDTH_ZOOMS[0],
    from,
    LINE_WIDTH_ZOOMS[1],
    to,
  ] as ExpressionSpecification;

/** Bigger cities first: rank 1 from the start, the next ranks as places.ts says. */
const cityFilter = [
  'step',
  ['zoom'],
  ['<=', ['get', 'rank'], 1],
  ...Array.from({ length: MAX_RANK - 1 }, (_, i) => i + 2).flatMap((rank) => [
    rankMinZoom(rank),
    rank === MAX_RANK ? true : ['<=', ['get', 'rank'], rank],
  ]),
] as FilterSpecification;

function layers(theme: Theme): LayerSpecification[] {
  const p = PALETTES[theme];
  return [
    { id: 'water', type: 'background', paint: { 'background-color': p.water } },
    {
      id: 'land',
      type: 'fill',
      source: 'basemap',
      'source-layer': 'land',
      paint: { 'fill-color': p.land, 'fill-antialias': true },
    },
    {
      id: 'coast',
      type: 'line',
      source: 'basemap',
      'source-layer': 'land',
      paint: {
        'line-color': p.coast,
        'line-width': lineWidth(LINE_WIDTHS.coast),
      },
    },
    {
      id: 'borders',
      type: 'line',
      source: 'basemap',
      'source-layer': 'borders',
      paint: {
        'line-color': p.border,
        'line-width': lineWidth(LINE_WIDTHS.border),
      },
    },
    {
      id: 'country-labels',
      type: 'symbol',
      source: 'basemap',
      'source-layer': 'countries',
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
      source: 'basemap',
      'source-layer': 'places',
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
export function buildStyle(theme: Theme, version: string): StyleSpecification {
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
    sources: { basemap: basemapSource(version) },
    layers: layers(theme),
  };
}
