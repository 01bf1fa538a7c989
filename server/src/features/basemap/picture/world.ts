import { mercatorX, mercatorY } from '@spotbook/contract';
import type { FeatureCollection, Position } from 'geojson';
import type { Resolution } from '../geodata.ts';

/**
 * Natural Earth land and borders in Web Mercator's unit square (0…1 both ways), each
 * ring or line with its bounding box, so a picture skips what is out of view without
 * looking at its points. Projected by the basemap build (in its child process, beside
 * the tiles) and stored in the tiles file, so the server never parses TopoJSON: it reads
 * about 2 MB of coordinates back on the first picture and keeps them.
 */
export interface ProjectedPaths {
  /** x, y pairs, one array per ring or line */
  paths: Float64Array[];
  /** minX, minY, maxX, maxY per path */
  boxes: Float64Array;
}

export type WorldLayer = 'land' | 'borders';
export type ProjectedWorld = Record<WorldLayer, ProjectedPaths>;
export type WorldReader = (resolution: Resolution) => Promise<ProjectedWorld>;

/** Every ring of every polygon, or every line, of a collection, projected. */
export function projectPaths(collection: FeatureCollection): ProjectedPaths {
  const lines = collection.features.flatMap(({ geometry }): Position[][] => {
    switch (geometry?.type) {
      case 'Polygon':
      case 'MultiLineString':
        return geometry.coordinates;
      case 'MultiPolygon':
        return geometry.coordinates.flat();
      case 'LineString':
        return [geometry.coordinates];
      default:
        return [];
    }
  });
  const boxes = new Float64Array(lines.length * 4);
  const paths = lines.map((line, i) => {
    const path = new Float64Array(line.length * 2);
    const box = [Infinity, Infinity, -Infinity, -Infinity];
    line.forEach(([lng = 0, lat = 0], p) => {
      const x = mercatorX(lng);
      const y = mercatorY(lat);
      path[2 * p] = x;
      path[2 * p + 1] = y;
      box[0] = Math.min(box[0]!, x);
      box[1] = Math.min(box[1]!, y);
      box[2] = Math.max(box[2]!, x);
      box[3] = Math.max(box[3]!, y);
    });
    boxes.set(box, i * 4);
    return path;
  });
  return { paths, boxes };
}

/** As stored: every path's points end to end, where each path ends, and the boxes. */
export interface StoredPaths {
  coords: Buffer;
  ends: Buffer;
  boxes: Buffer;
}

const bytes = (array: Float64Array | Uint32Array) =>
  Buffer.from(array.buffer, array.byteOffset, array.byteLength);

export function storePaths({ paths, boxes }: ProjectedPaths): StoredPaths {
  const ends = new Uint32Array(paths.length);
  let total = 0;
  paths.forEach((path, i) => (ends[i] = total += path.length));
  const coords = new Float64Array(total);
  paths.forEach((path, i) => coords.set(path, ends[i]! - path.length));
  return { coords: bytes(coords), ends: bytes(ends), boxes: bytes(boxes) };
}

/** SQLite hands blobs back at any offset; typed arrays want theirs aligned, so copy. */
const aligned = (blob: Buffer) => blob.buffer.slice(blob.byteOffset, blob.byteOffset + blob.length);

export function readPaths(stored: StoredPaths): ProjectedPaths {
  const coords = new Float64Array(aligned(stored.coords));
  const ends = new Uint32Array(aligned(stored.ends));
  const paths = Array.from(ends, (end, i) => coords.subarray(i === 0 ? 0 : ends[i - 1], end));
  return { paths, boxes: new Float64Array(aligned(stored.boxes)) };
}
