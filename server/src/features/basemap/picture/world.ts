import { mercatorX, mercatorY } from '@spotbook/contract';
import type { FeatureCollection, Position } from 'geojson';
import { lazy } from '../assets.ts';
import { bordersGeoJson, landGeoJson, type Resolution } from '../geodata.ts';

/**
 * Natural Earth land and borders in Web Mercator's unit square (0…1 both ways), each
 * ring or line with its bounding box, so a picture skips what is out of view without
 * looking at its points. Projected once per resolution and kept: about 2 MB for both.
 */
export interface ProjectedPaths {
  /** x, y pairs, one array per ring or line */
  paths: Float64Array[];
  /** minX, minY, maxX, maxY per path */
  boxes: Float64Array;
}

export interface ProjectedWorld {
  land: ProjectedPaths;
  borders: ProjectedPaths;
}

function project(lines: Position[][]): ProjectedPaths {
  const boxes = new Float64Array(lines.length * 4);
  const paths = lines.map((line, i) => {
    const path = new Float64Array(line.length * 2);
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    line.forEach(([lng = 0, lat = 0], p) => {
      const x = mercatorX(lng);
      const y = mercatorY(lat);
      path[2 * p] = x;
      path[2 * p + 1] = y;
      minX = Math.min(minX, x);
      minY = Math.min(minY, y);
      maxX = Math.max(maxX, x);
      maxY = Math.max(maxY, y);
    });
    boxes.set([minX, minY, maxX, maxY], i * 4);
    return path;
  });
  return { paths, boxes };
}

/** Every ring of every polygon, or every line, of a collection. */
function linesOf(collection: FeatureCollection): Position[][] {
  return collection.features.flatMap(({ geometry }) => {
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
}

const worlds: Record<Resolution, () => Promise<ProjectedWorld>> = {
  '110m': lazy(() => loadWorld('110m')),
  '50m': lazy(() => loadWorld('50m')),
};

async function loadWorld(resolution: Resolution): Promise<ProjectedWorld> {
  const [land, borders] = await Promise.all([landGeoJson(resolution), bordersGeoJson(resolution)]);
  return { land: project(linesOf(land)), borders: project(linesOf(borders)) };
}

export const projectedWorld = (resolution: Resolution) => worlds[resolution]();
