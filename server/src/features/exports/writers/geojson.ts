import type { ExportSpot } from '../export-spot.ts';

/**
 * RFC 7946 FeatureCollection, streamed feature by feature (JSON.stringify does the
 * escaping). Point coordinates are [longitude, latitude]; properties hold exactly the
 * fields below.
 */
export async function* geojsonDocument(spots: AsyncIterable<ExportSpot>): AsyncGenerator<string> {
  yield '{"type":"FeatureCollection","features":[\n';
  let first = true;
  for await (const spot of spots) {
    yield (first ? '' : ',\n') + JSON.stringify(feature(spot));
    first = false;
  }
  yield '\n]}\n';
}

function feature(spot: ExportSpot) {
  return {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [spot.longitude, spot.latitude] },
    properties: {
      name: spot.name,
      address: spot.address,
      category: spot.category,
      review: spot.review,
      rating: spot.rating,
      visited: spot.visited,
      lists: spot.lists,
      maps_url: spot.maps_url,
      place_id: spot.place_id,
    },
  };
}
