import {
  CUSTOM_PLACE_NAME_MAX,
  CUSTOM_PLACE_TYPES,
  formatLatLng,
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  IMPORT_NEW_CUSTOM_PLACE_ID,
  type CustomPlaceType,
  type PlaceDetails,
} from '@spotbook/contract';
import type { Db } from '../../db/connection.ts';
import { distanceKm } from '../places/custom-places.ts';
import { PlacesUnavailableError } from '../places/errors.ts';
import type { LatLng, PlacesProvider } from '../places/provider.ts';
import { findPlace, isCustomPlaceId, placeDetailsFromRow } from '../places/store.ts';
import type { ImportRowRecord, RowMatch } from './repository.ts';
import { nameSimilarity, SIMILAR_BY_NAME, SIMILAR_NEARBY } from './similarity.ts';

/** A row shows at most this many other places to choose from. */
const MAX_CANDIDATES = 5;
const RADIUS_KM = IMPORT_LIMITS.matchRadiusMeters / 1000;
/** What being near the file's other places adds to a name-only row's candidate. */
const NEARBY_BONUS = 0.05;

/** What matching one import needs besides the row: who imports, where the file's places are. */
export interface MatchContext {
  db: Db;
  provider: PlacesProvider;
  userId: number;
  /** the user's own custom places (pins), loaded once per job: they match like provider places */
  ownPins: PlaceDetails[];
  /** the middle of the file's located rows: where a row with only a name is searched */
  centre: LatLng | null;
}

/** The custom place a row becomes at confirm: what PATCH `custom` and the matcher store. */
export interface NewCustomPlace extends LatLng {
  name: string;
  category: CustomPlaceType;
}

const CUSTOM_TYPES = new Set<string>(CUSTOM_PLACE_TYPES.map((t) => t.type));

export function customCategory(category: string | null): CustomPlaceType {
  return category && CUSTOM_TYPES.has(category)
    ? (category as CustomPlaceType)
    : 'point_of_interest';
}

/** How a not-yet-created pin shows as the row's match (its id says "new", see the contract). */
export function newCustomDetails(pin: NewCustomPlace): PlaceDetails {
  return {
    id: IMPORT_NEW_CUSTOM_PLACE_ID,
    displayName: pin.name,
    formattedAddress: formatLatLng(pin.lat, pin.lng),
    city: '',
    country: '',
    lat: pin.lat,
    lng: pin.lng,
    primaryType: pin.category,
    websiteURI: '',
    googleMapsURI: '',
    editorialSummary: '',
    previewImageUrl: '',
    cached_preview_image: '',
  };
}

/** What a client may see of a provider's place (never its photo reference). */
function details(place: PlaceDetails & { photoRef?: string }): PlaceDetails {
  const rest = { ...place };
  delete rest.photoRef;
  return rest;
}

function result(
  row: ImportRowRecord,
  found: Partial<Omit<RowMatch, 'idx'>> & {
    match?: PlaceDetails | null;
    candidates?: PlaceDetails[];
    pin?: NewCustomPlace;
  },
): RowMatch {
  const match = found.match ?? null;
  return {
    idx: row.idx,
    match_place_id: match && match.id !== IMPORT_NEW_CUSTOM_PLACE_ID ? match.id : null,
    match_json: match ? JSON.stringify(match) : null,
    candidates_json: JSON.stringify((found.candidates ?? []).slice(0, MAX_CANDIDATES)),
    new_custom_json: found.pin ? JSON.stringify(found.pin) : null,
    problem: found.problem ?? row.problem,
  };
}

/** A place id from the file (our own exports): a provider's place, or the user's own pin. */
async function byPlaceId(ctx: MatchContext, id: string): Promise<PlaceDetails | null> {
  if (isCustomPlaceId(id)) return ctx.ownPins.find((p) => p.id === id) ?? null;
  const stored = await findPlace(ctx.db, id);
  if (stored && stored.owner_id === null) return placeDetailsFromRow(stored);
  const fetched = await ctx.provider.getPlace(id);
  return fetched && fetched.id === id ? details(fetched) : null;
}

type Scored = { place: PlaceDetails; score: number };

const byScore = (a: Scored, b: Scored) => b.score - a.score;
const unique = (places: PlaceDetails[]) => [...new Map(places.map((p) => [p.id, p])).values()];

/** Coordinates: the most similar name within 250 m, else a new pin right there. */
async function byPoint(ctx: MatchContext, row: ImportRowRecord, point: LatLng) {
  const found = row.name ? await ctx.provider.searchPlaces(row.name, point) : [];
  const pins = ctx.ownPins.filter((p) => distanceKm(point, p) <= RADIUS_KM);
  const all = unique([...pins, ...found.map(details)]);
  const near = all
    .filter((p) => distanceKm(point, p) <= RADIUS_KM)
    .map((place) => ({ place, score: nameSimilarity(row.name, place.displayName) }))
    .sort(byScore);
  const best = near[0];
  if (best && best.score >= SIMILAR_NEARBY) {
    return result(row, {
      match: best.place,
      candidates: all.filter((p) => p.id !== best.place.id),
    });
  }
  const pin: NewCustomPlace = {
    name: [...(row.name || formatLatLng(point.lat, point.lng))]
      .slice(0, CUSTOM_PLACE_NAME_MAX)
      .join(''),
    lat: point.lat,
    lng: point.lng,
    category: customCategory(row.category),
  };
  return result(row, { match: newCustomDetails(pin), candidates: all, pin });
}

/** A name alone: searched near the file's other places and among cities and landmarks. */
async function byName(ctx: MatchContext, row: ImportRowRecord) {
  const nearby = ctx.centre ? await ctx.provider.searchPlaces(row.name, ctx.centre) : [];
  const cities = await ctx.provider.searchCities(row.name);
  const near = new Set(nearby.map((p) => p.id));
  // Of two places with the same name, the one near the file's other places wins.
  const scored = unique([...nearby, ...cities].map(details))
    .map((place) => ({
      place,
      score: nameSimilarity(row.name, place.displayName) + (near.has(place.id) ? NEARBY_BONUS : 0),
    }))
    .sort(byScore);
  const best = scored[0];
  // Two equally good answers ("Paris" in France and in Texas) are the user's to choose.
  const tied = best && scored[1] && scored[1].score === best.score;
  if (best && best.score >= SIMILAR_BY_NAME && !tied) {
    return result(row, {
      match: best.place,
      candidates: scored.slice(1).map((s) => s.place),
    });
  }
  const candidates = scored.map((s) => s.place);
  return result(row, {
    candidates,
    problem: row.problem ?? (candidates.length ? IMPORT_MESSAGES.choose : IMPORT_MESSAGES.notFound),
  });
}

/** Matches one row (runtime contract §7); a places outage leaves it for the user to fix. */
export async function matchRow(ctx: MatchContext, row: ImportRowRecord): Promise<RowMatch> {
  try {
    if (row.file_place_id) {
      const exact = await byPlaceId(ctx, row.file_place_id);
      if (exact) return result(row, { match: exact });
    }
    if (row.lat !== null && row.lng !== null) {
      return await byPoint(ctx, row, { lat: row.lat, lng: row.lng });
    }
    if (row.name) return await byName(ctx, row);
    return result(row, { problem: row.problem ?? IMPORT_MESSAGES.noNameOrLocation });
  } catch (error) {
    if (!(error instanceof PlacesUnavailableError)) throw error;
    return result(row, { problem: IMPORT_MESSAGES.searchUnavailable });
  }
}

/**
 * Where a row with only a name is searched: the median of the file's located rows (a
 * median, so one place abroad does not drag the centre into the sea).
 */
export function centreOf(points: LatLng[]): LatLng | null {
  if (points.length === 0) return null;
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)]!;
  };
  return { lat: median(points.map((p) => p.lat)), lng: median(points.map((p) => p.lng)) };
}
