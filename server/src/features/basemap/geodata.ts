import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Feature, FeatureCollection, Geometry, Point, Position } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { normalizeLng, unwrapCollection } from './antimeridian.ts';

const require = createRequire(import.meta.url);

/**
 * Natural Earth at two scales: 1:110m for world views (tiles of zoom 0–2), where 1:50m's
 * detail is smaller than a pixel and only costs the browser time, and 1:50m from zoom 3,
 * sharp enough down to about zoom 7, where a city fills the view and the basemap only
 * has to place it.
 */
export type Resolution = '110m' | '50m';

async function readTopology(name: 'land' | 'countries', resolution: Resolution): Promise<Topology> {
  const file = require.resolve(`world-atlas/${name}-${resolution}.json`);
  return JSON.parse(await readFile(file, 'utf8')) as Topology;
}

export async function landGeoJson(resolution: Resolution): Promise<FeatureCollection> {
  const topology = await readTopology('land', resolution);
  return unwrapCollection(feature(topology, topology.objects['land'] as GeometryCollection));
}

/** Country borders as lines drawn once: shared arcs only (a !== b), so coasts are not doubled. */
export async function bordersGeoJson(resolution: Resolution): Promise<FeatureCollection> {
  const topology = await readTopology('countries', resolution);
  const countries = topology.objects['countries'] as GeometryCollection;
  const lines = mesh(topology, countries, (a, b) => a !== b);
  return {
    type: 'FeatureCollection',
    features: [{ type: 'Feature', properties: {}, geometry: lines }],
  };
}

/** Shoelace area and centroid of a ring in plain degrees; fine for placing a label. */
function ringCentroid(ring: Position[]): { area: number; point: Position } {
  let area = 0;
  let x = 0;
  let y = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [x0, y0] = ring[j] as [number, number];
    const [x1, y1] = ring[i] as [number, number];
    const cross = x0 * y1 - x1 * y0;
    area += cross;
    x += (x0 + x1) * cross;
    y += (y0 + y1) * cross;
  }
  if (area === 0) return { area: 0, point: ring[0] ?? [0, 0] };
  return { area: Math.abs(area / 2), point: [x / (3 * area), y / (3 * area)] };
}

/** The centroid of a country's largest polygon, so France is labelled in Europe, not the Atlantic. */
function labelPoint(geometry: Geometry): { area: number; point: Position } | null {
  const polygons =
    geometry.type === 'Polygon'
      ? [geometry.coordinates]
      : geometry.type === 'MultiPolygon'
        ? geometry.coordinates
        : [];
  let best: { area: number; point: Position } | null = null;
  for (const polygon of polygons) {
    const outer = polygon[0];
    if (!outer) continue;
    const candidate = ringCentroid(outer);
    if (!best || candidate.area > best.area) best = candidate;
  }
  return best;
}

/** One point per country with its name and the area of its main landmass (bigger ones show first). */
export async function countryLabelsGeoJson(): Promise<FeatureCollection<Point>> {
  const topology = await readTopology('countries', '50m');
  const countries = feature(
    topology,
    topology.objects['countries'] as GeometryCollection,
  ) as FeatureCollection<Geometry, { name?: string }>;
  const features: Feature<Point>[] = [];
  for (const country of countries.features) {
    const name = country.properties?.name;
    const label = country.geometry ? labelPoint(country.geometry) : null;
    if (!name || !label || label.area < 0.5) continue;
    features.push({
      type: 'Feature',
      properties: { name, area: Math.round(label.area) },
      geometry: { type: 'Point', coordinates: normalizeLng(label.point) },
    });
  }
  return { type: 'FeatureCollection', features };
}
