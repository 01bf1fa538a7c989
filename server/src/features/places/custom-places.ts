import { randomUUID } from 'node:crypto';
import { formatLatLng, type CustomPlaceType, type PlaceDetails } from '@spotbook/contract';
import type { Db } from '../../db/connection.ts';
import { clock } from '../../lib/clock.ts';
import { mapsSearchUrl } from './place-text.ts';
import type { LatLng } from './provider.ts';
import { CUSTOM_PREFIX, findPlace, type PlaceRow } from './store.ts';

/** A pin this close to the chosen city takes the city's name as its address. */
const AREA_RADIUS_KM = 30;

export interface NewCustomPlace extends LatLng {
  name: string;
  primaryType: CustomPlaceType;
}

/** Great-circle distance; plenty precise for "is this pin in that city". */
export function distanceKm(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/**
 * Where the pin is, in words: the chosen area (a city the provider knows) when the pin
 * lies in it, else just the coordinates. No reverse geocoding: the embedded data has no
 * streets, and an online lookup would send the user's pin to a third party.
 */
export function customPlaceAddress(
  pin: LatLng,
  area: PlaceDetails | null,
): Pick<PlaceDetails, 'formattedAddress' | 'city' | 'country'> {
  if (area && distanceKm(pin, area) <= AREA_RADIUS_KM) {
    return {
      formattedAddress: area.formattedAddress || area.displayName,
      city: area.city || area.displayName,
      country: area.country,
    };
  }
  return { formattedAddress: formatLatLng(pin.lat, pin.lng), city: '', country: '' };
}

/** Stores a user's own place (`custom:<uuid>`); only they (and viewers of their shared lists) see it. */
export async function createCustomPlace(
  db: Db,
  ownerId: number,
  place: NewCustomPlace,
  area: PlaceDetails | null,
): Promise<PlaceRow> {
  const id = `${CUSTOM_PREFIX}${randomUUID()}`;
  const address = customPlaceAddress(place, area);
  await db
    .insertInto('places')
    .values({
      id,
      provider: 'custom',
      display_name: place.name,
      formatted_address: address.formattedAddress,
      city: address.city,
      country: address.country,
      lat: place.lat,
      lng: place.lng,
      primary_type: place.primaryType,
      website_uri: '',
      google_maps_uri: mapsSearchUrl(place.lat, place.lng),
      editorial_summary: '',
      photo_ref: '',
      cached_preview_image: '',
      owner_id: ownerId,
      created_at: clock.now(),
    })
    .execute();
  const row = await findPlace(db, id);
  if (!row) throw new Error(`custom place ${id} vanished after insert`);
  return row;
}
