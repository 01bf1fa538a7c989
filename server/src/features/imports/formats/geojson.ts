import { cleanText, joinNotes, row, rowsPerList, type RowFields } from './rows.ts';
import { ImportFileError, type ParsedFile, type ParsedRow } from './parsed-file.ts';

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A GeoJSON document's features, or a refusal naming what the JSON is instead. */
function features(doc: unknown): unknown[] {
  if (isObject(doc) && doc.type === 'FeatureCollection' && Array.isArray(doc.features)) {
    return doc.features;
  }
  if (isObject(doc) && doc.type === 'Feature') return [doc];
  throw new ImportFileError(
    'This JSON file is not GeoJSON: it needs a "FeatureCollection" or a "Feature" at the top, like Google Takeout\'s Saved Places.json.',
  );
}

/** Takeout writes these keys (old exports capitalised, new ones nested under location). */
function isTakeout(properties: Json): boolean {
  return ['Title', 'Location', 'Google Maps URL', 'google_maps_url', 'location'].some(
    (key) => key in properties,
  );
}

/** Where the point is, when it is one; otherwise what it is, for the row's problem. */
function pointOf(geometry: unknown): { lng?: unknown; lat?: unknown; problem?: string } {
  if (!isObject(geometry)) return {};
  const coordinates = geometry.coordinates;
  if (geometry.type === 'Point' && Array.isArray(coordinates)) {
    return { lng: coordinates[0], lat: coordinates[1] };
  }
  if (geometry.type === 'MultiPoint' && Array.isArray(coordinates) && coordinates.length === 1) {
    return pointOf({ type: 'Point', coordinates: coordinates[0] as unknown });
  }
  const type = typeof geometry.type === 'string' ? cleanText(geometry.type) : 'shape';
  return {
    problem: `This is a ${type.slice(0, 40)}, not a point: search for the place or drop a pin.`,
  };
}

/** Old Takeout: Location.Geo Coordinates {Latitude, Longitude}, strings or numbers. */
function takeoutFields(properties: Json, geometry: unknown): RowFields {
  const location = isObject(properties.Location) ? properties.Location : {};
  const newLocation = isObject(properties.location) ? properties.location : {};
  const geo = isObject(location['Geo Coordinates']) ? location['Geo Coordinates'] : {};
  const point = pointOf(geometry);
  const fromGeometry = point.lat !== undefined && !(point.lat === 0 && point.lng === 0);
  return {
    name:
      cleanText(newLocation.name) ||
      cleanText(location['Business Name']) ||
      cleanText(properties.Title),
    address: cleanText(newLocation.address) || cleanText(location.Address),
    lat: fromGeometry ? point.lat : geo.Latitude,
    lng: fromGeometry ? point.lng : geo.Longitude,
    source_url: cleanText(properties.google_maps_url) || cleanText(properties['Google Maps URL']),
    note: joinNotes(properties.Comment, properties.comment, properties.Note),
    problem: point.problem ?? null,
  };
}

/** Our export writes name…place_id; other tools use title, description, url and such. */
function genericFields(properties: Json, geometry: unknown): RowFields {
  const pick = (...keys: string[]) => keys.map((k) => properties[k]).find((v) => cleanText(v));
  const point = pointOf(geometry);
  return {
    name: pick('name', 'Name', 'title', 'Title', 'NAME'),
    address: pick('address', 'Address', 'addr'),
    lat: point.lat,
    lng: point.lng,
    source_url: pick('maps_url', 'url', 'URL', 'link', 'google_maps_url'),
    note: joinNotes(
      pick('review', 'note', 'notes', 'description', 'Description', 'comment', 'desc'),
    ),
    category: pick('category', 'type'),
    rating: properties.rating,
    visited: properties.visited,
    place_id: pick('place_id'),
    problem: point.problem ?? null,
  };
}

/** Google Takeout's Saved Places.json, our GeoJSON export, and any GeoJSON of points. */
export function readGeoJson(doc: unknown, listName: string | null = null): ParsedFile {
  const rows: ParsedRow[] = [];
  let takeout = false;
  for (const feature of features(doc)) {
    const properties = isObject(feature) && isObject(feature.properties) ? feature.properties : {};
    const geometry = isObject(feature) ? feature.geometry : null;
    if (isTakeout(properties)) {
      takeout = true;
      rows.push(row({ ...takeoutFields(properties, geometry), list_name: listName }));
    } else {
      const lists = Array.isArray(properties.lists) ? properties.lists : [];
      rows.push(
        ...rowsPerList({ ...genericFields(properties, geometry), list_name: listName }, lists),
      );
    }
  }
  return { format: takeout ? 'takeout-saved-places' : 'geojson', rows };
}
