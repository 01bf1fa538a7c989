import type { OsmTags } from './osm-element.ts';
import { binarySearch, GrowableFloat64 } from './growable.ts';
import { poiKey } from './poi.ts';
import { readOsmFile } from './read-osm-file.ts';

export type OsmRef = `${'n' | 'w' | 'r'}${number}`;
export interface LatLng {
  lat: number;
  lng: number;
}

/** Where the collector hands its findings: the loader's staging table. */
export interface PoiSink {
  /** A POI; `at` is null for a way or relation whose centre comes later via `centre`. */
  poi(ref: OsmRef, key: string, tags: OsmTags, at: LatLng | null): void;
  centre(ref: OsmRef, at: LatLng): void;
}

/**
 * How far a load is, for the terminal's progress bar. A pass restarts the byte and
 * element counts; how many passes a file needs (1 to 3) is only known after the first.
 */
export interface CollectProgress {
  pass(number: number, label: string): void;
  bytes(read: number): void;
  /** elements read in this pass so far, and the points of interest found in the file */
  counts(elements: number, pois: number): void;
}

/** Ranges into one flat list of node ids, so a million ways cost two numbers each. */
interface Pending {
  ref: OsmRef;
  start: number;
  end: number;
}

/**
 * Finds every named POI in an extract and its position: a node's own, a way's or a
 * relation's centre (the middle of its nodes' bounding box, as Overpass's `center`).
 * PBF and XML files list nodes, then ways, then relations, and a country's nodes
 * don't fit in memory, so positions take more passes: (1) POIs, with the node ids of
 * POI ways and the members of POI relations; (2) only if a POI relation has way
 * members: those ways' node ids; (3) the coordinates of just the nodes needed.
 */
export async function collectPois(
  file: string,
  sink: PoiSink,
  progress?: CollectProgress,
): Promise<{ elements: number; pois: number; passes: number }> {
  const nodeIds = new GrowableFloat64();
  const ways: Pending[] = [];
  const relations: { ref: OsmRef; nodes: number[]; ways: number[] }[] = [];
  let elements = 0;
  let pois = 0;

  progress?.pass(1, 'points of interest');
  for await (const batch of readOsmFile(file, progress?.bytes)) {
    for (const element of batch) {
      elements++;
      const key = poiKey(element.tags);
      if (!key) continue;
      pois++;
      if (element.type === 'node') {
        if (Number.isFinite(element.lat) && Number.isFinite(element.lon)) {
          sink.poi(`n${element.id}`, key, element.tags, { lat: element.lat, lng: element.lon });
        }
      } else if (element.type === 'way') {
        const start = nodeIds.length;
        for (const id of element.refs) nodeIds.push(id);
        ways.push({ ref: `w${element.id}`, start, end: nodeIds.length });
        sink.poi(`w${element.id}`, key, element.tags, null);
      } else {
        const members = {
          ref: `r${element.id}` as OsmRef,
          nodes: [] as number[],
          ways: [] as number[],
        };
        for (const m of element.members) {
          if (m.type === 'node') members.nodes.push(m.id);
          else if (m.type === 'way') members.ways.push(m.id);
        }
        relations.push(members);
        sink.poi(members.ref, key, element.tags, null);
      }
    }
    progress?.counts(elements, pois);
  }
  if (!ways.length && !relations.length) return { elements, pois, passes: 1 };

  // Pass 2: the node ids of ways that are members of POI relations.
  const memberWays = new Map<number, Pending>();
  for (const r of relations)
    for (const id of r.ways) memberWays.set(id, { ref: `w${id}`, start: 0, end: 0 });
  let passes = 2;
  if (memberWays.size) {
    passes = 3;
    progress?.pass(2, 'relation outlines');
    let seen = 0;
    for await (const batch of readOsmFile(file, progress?.bytes)) {
      progress?.counts((seen += batch.length), pois);
      for (const element of batch) {
        const pending = element.type === 'way' ? memberWays.get(element.id) : undefined;
        if (!pending || element.type !== 'way') continue;
        pending.start = nodeIds.length;
        for (const id of element.refs) nodeIds.push(id);
        pending.end = nodeIds.length;
      }
    }
  }
  for (const r of relations) for (const id of r.nodes) nodeIds.push(id);

  // Last pass: coordinates of the needed nodes only.
  progress?.pass(passes, 'positions');
  const needed = nodeIds.sortedUnique();
  const lats = new Float64Array(needed.length).fill(NaN);
  const lngs = new Float64Array(needed.length).fill(NaN);
  let seen = 0;
  for await (const batch of readOsmFile(file, progress?.bytes)) {
    progress?.counts((seen += batch.length), pois);
    for (const element of batch) {
      if (element.type !== 'node') continue;
      const at = binarySearch(needed, element.id);
      if (at >= 0) {
        lats[at] = element.lat;
        lngs[at] = element.lon;
      }
    }
  }

  const box = () => ({ south: Infinity, north: -Infinity, west: Infinity, east: -Infinity });
  const extend = (b: ReturnType<typeof box>, id: number) => {
    const at = binarySearch(needed, id);
    if (at < 0 || Number.isNaN(lats[at]!)) return; // a node outside a clipped extract
    b.south = Math.min(b.south, lats[at]!);
    b.north = Math.max(b.north, lats[at]!);
    b.west = Math.min(b.west, lngs[at]!);
    b.east = Math.max(b.east, lngs[at]!);
  };
  const centreOf = (b: ReturnType<typeof box>): LatLng | null =>
    b.south <= b.north ? { lat: (b.south + b.north) / 2, lng: (b.west + b.east) / 2 } : null;
  const extendByRange = (b: ReturnType<typeof box>, p: Pending) => {
    for (let i = p.start; i < p.end; i++) extend(b, nodeIds.at(i));
  };

  for (const way of ways) {
    const b = box();
    extendByRange(b, way);
    const centre = centreOf(b);
    if (centre) sink.centre(way.ref, centre);
  }
  for (const r of relations) {
    const b = box();
    for (const id of r.nodes) extend(b, id);
    for (const id of r.ways) {
      const member = memberWays.get(id);
      if (member) extendByRange(b, member);
    }
    const centre = centreOf(b);
    if (centre) sink.centre(r.ref, centre);
  }
  return { elements, pois, passes };
}
