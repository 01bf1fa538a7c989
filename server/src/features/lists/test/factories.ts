import type { Db } from '../../../db/connection.ts';
import { clock } from '../../../lib/clock.ts';
import { spotColumns } from '../../reviews/spot-columns.ts';
import type { TestClient } from '../../../../test/helper.ts';

let counter = 0;

/** A provider place row, written directly (the lists tests need no places provider). */
export async function insertPlace(db: Db, fields: { name?: string; city?: string } = {}) {
  const id = `lm:test-${process.pid}-${Date.now().toString(36)}-${counter++}`;
  await db
    .insertInto('places')
    .values({
      id,
      provider: 'embedded',
      display_name: fields.name ?? `Place ${counter}`,
      formatted_address: '1 Test Street',
      city: fields.city ?? 'Paris',
      country: 'France',
      lat: 48.85,
      lng: 2.35,
      primary_type: 'tourist_attraction',
      website_uri: '',
      google_maps_uri: '',
      editorial_summary: 'A place for tests.',
      photo_ref: '',
      cached_preview_image: '',
      owner_id: null,
      created_at: clock.now(),
    })
    .execute();
  return id;
}

/** A spot (review) of `userId` on a fresh place; returns the review id. */
export async function insertSpot(
  db: Db,
  userId: number,
  fields: { name?: string; review?: string; rating?: number; visited?: boolean } = {},
) {
  const placeId = await insertPlace(db, { name: fields.name });
  const place = await db
    .selectFrom('places')
    .selectAll()
    .where('id', '=', placeId)
    .executeTakeFirstOrThrow();
  const review = fields.review ?? 'Worth the detour.';
  const now = clock.now();
  const row = await db
    .insertInto('reviews')
    .values({
      user_id: userId,
      place_id: placeId,
      review,
      rating: fields.rating ?? 4,
      visited: fields.visited ? 1 : 0,
      created_at: now,
      updated_at: now,
      ...spotColumns(place, review),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface CreatedList {
  id: number;
  slug: string;
  name: string;
  shareable_by_link: boolean;
}

/** Creates a list through the API as `client`'s user. */
export async function createList(
  client: TestClient,
  body: { name: string; description?: string; shareable_by_link?: boolean },
): Promise<CreatedList> {
  const response = await client.post('/api/lists/list/', body);
  if (response.statusCode !== 201) throw new Error(`create list failed: ${response.body}`);
  return response.json<CreatedList>();
}
