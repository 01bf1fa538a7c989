import { GeoJSONVT, type GeoJSONVTTile } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import type { FeatureCollection } from 'geojson';
import { rankMinZoom } from './places.ts';

/**
 * The deepest zoom we cut tiles for. The data is 1:50m at best, so a zoom-6 tile (about
 * 600 km across, 4096 units: 150 m a unit) holds all its detail; MapLibre scales these
 * tiles up to the basemap's zoom limit instead of asking for deeper ones.
 */
export const TILE_MAX_ZOOM = 6;
/** World views (zoom 0–2) take the 1:110m data; see geodata.ts. */
export const COARSE_MAX_ZOOM = 2;

export const TILE_LAYERS = ['land', 'borders', 'countries', 'places'] as const;
export type TileLayer = (typeof TILE_LAYERS)[number];

export interface TileSources {
  coarse: Record<'land' | 'borders', FeatureCollection>;
  fine: Record<TileLayer, FeatureCollection>;
}

export interface Tile {
  z: number;
  x: number;
  y: number;
  /** An uncompressed Mapbox Vector Tile (protobuf) with a layer per non-empty source. */
  pbf: Uint8Array;
}

type Indexes = Record<TileLayer, GeoJSONVT>;

const index = (data: FeatureCollection) =>
  new GeoJSONVT(data, { maxZoom: TILE_MAX_ZOOM, indexMaxZoom: 0, buffer: 64 });

/** City labels a tile of zoom z needs: the ranks the style shows below zoom z + 1. */
function citiesFor(tile: GeoJSONVTTile, z: number): GeoJSONVTTile | null {
  if (z === TILE_MAX_ZOOM) return tile;
  const features = tile.features.filter((f) => rankMinZoom(Number(f.tags?.['rank'])) <= z);
  return features.length ? ({ ...tile, features } as GeoJSONVTTile) : null;
}

function layersAt(indexes: Indexes, z: number, x: number, y: number) {
  const layers: Partial<Record<TileLayer, GeoJSONVTTile>> = {};
  for (const name of TILE_LAYERS) {
    const tile = indexes[name].getTile(z, x, y);
    const kept = tile && name === 'places' ? citiesFor(tile, z) : tile;
    if (kept?.features.length) layers[name] = kept;
  }
  return layers;
}

/**
 * Cuts the basemap into vector tiles, zoom 0 to TILE_MAX_ZOOM, once on the server, so a
 * browser decodes the few small tiles in view instead of parsing and tiling a megabyte
 * of GeoJSON of the whole world on every page load (issue 5 §7). Tiles with nothing in
 * them (open ocean) are not produced; the server answers them empty.
 */
export function* cutTiles(sources: TileSources): Generator<Tile> {
  const fine = Object.fromEntries(
    TILE_LAYERS.map((name) => [name, index(sources.fine[name])]),
  ) as Indexes;
  const coarse: Indexes = {
    ...fine,
    land: index(sources.coarse.land),
    borders: index(sources.coarse.borders),
  };
  for (let z = 0; z <= TILE_MAX_ZOOM; z++) {
    const indexes = z <= COARSE_MAX_ZOOM ? coarse : fine;
    const size = 2 ** z;
    for (let x = 0; x < size; x++) {
      for (let y = 0; y < size; y++) {
        const layers = layersAt(indexes, z, x, y);
        if (Object.keys(layers).length === 0) continue;
        yield { z, x, y, pbf: fromGeojsonVt(layers) };
      }
    }
  }
}
