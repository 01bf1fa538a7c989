import type { FeatureCollection, Geometry, Position } from 'geojson';

/**
 * world-atlas is in spherical coordinates for d3-geo, which cuts at the antimeridian
 * itself: a ring crossing it (Chukotka, Fiji) jumps from 180 to -180. Drawn flat, that
 * jump is a line across the whole world. Making the ring continuous (190 instead of
 * -170) lets MapLibre's tiler wrap it properly. Rings around a pole (Antarctica) cannot
 * be made continuous and stay as they are; their jump runs along the map's bottom edge.
 */
export function unwrapRing(ring: Position[]): Position[] {
  let offset = 0;
  let previous: number | undefined;
  const unwrapped = ring.map(([lng = 0, lat = 0]) => {
    if (previous !== undefined) {
      if (lng - previous > 180) offset -= 360;
      else if (lng - previous < -180) offset += 360;
    }
    previous = lng;
    return [lng + offset, lat];
  });
  return offset === 0 ? unwrapped : ring;
}

function unwrapGeometry(geometry: Geometry): Geometry {
  if (geometry.type === 'Polygon')
    return { ...geometry, coordinates: geometry.coordinates.map(unwrapRing) };
  if (geometry.type === 'MultiPolygon') {
    return {
      ...geometry,
      coordinates: geometry.coordinates.map((polygon) => polygon.map(unwrapRing)),
    };
  }
  return geometry;
}

export function unwrapCollection<G extends Geometry, P>(
  collection: FeatureCollection<G, P>,
): FeatureCollection<Geometry, P> {
  return {
    ...collection,
    features: collection.features.map((f) => ({
      ...f,
      geometry: f.geometry && unwrapGeometry(f.geometry),
    })),
  };
}

/** Back to -180…180 after unwrapping, for a point that must sit on the first world copy. */
export const normalizeLng = ([lng = 0, lat = 0]: Position): Position => [
  ((((lng + 180) % 360) + 360) % 360) - 180,
  lat,
];
