import type { Db } from '../../../db/connection.ts';
import { clock } from '../../../lib/clock.ts';
import type { TestUser } from '../../../../test/helper.ts';
import { spotColumns } from '../../reviews/spot-columns.ts';
import { createList } from './factories.ts';

/** Texts JSON has to escape or that are not ASCII, so the two builds' JSON is compared on them. */
export const TEXTS = [
  'Plain words.',
  'Quotes "inside", a back\\slash, a tab\there',
  'Two\nlines\r\nand a \u0001 control',
  'Café, naïve, 東京, emoji 🍜 and \u2028 separator',
  '',
];

/** A shareable list of `alice`'s with `spots` spots, some with photos, in a few inserts. */
export async function insertBigList(db: Db, alice: TestUser, spots: number) {
  const list = await createList(alice.client, { name: 'Big', shareable_by_link: true });
  const now = clock.now();
  const range = Array.from({ length: spots }, (_, i) => i);
  const places = range.map((i) => ({
    id: `lm:big-${list.id}-${i}`,
    provider: 'embedded',
    display_name: `Spot ${i} ${TEXTS[i % TEXTS.length]}`,
    formatted_address: `${i} Test Street`,
    city: TEXTS[(i + 2) % TEXTS.length]!,
    country: 'France',
    lat: 48.85 + i / 7,
    lng: 2.35 - i / 3,
    primary_type: 'tourist_attraction',
    website_uri: i % 2 ? `https://example.com/${i}?a=1&b="2"` : '',
    google_maps_uri: '',
    editorial_summary: TEXTS[(i + 3) % TEXTS.length]!,
    photo_ref: '',
    cached_preview_image: i % 4 ? '' : `/api/places/photo/${i}`,
    owner_id: null,
    created_at: now,
  }));
  await db.insertInto('places').values(places).execute();
  const reviews = await db
    .insertInto('reviews')
    .values(
      places.map((place, i) => ({
        user_id: alice.id,
        place_id: place.id,
        review: TEXTS[(i + 1) % TEXTS.length]!,
        rating: i % 6,
        visited: i % 2,
        created_at: now - i * 1_234_567,
        updated_at: now + i,
        ...spotColumns(place, TEXTS[(i + 1) % TEXTS.length]!),
      })),
    )
    .returning('id')
    .execute();
  await db
    .insertInto('list_reviews')
    .values(
      reviews.map((review, i) => ({
        list_id: list.id,
        review_id: review.id,
        notes: TEXTS[i % 3]!,
        added_at: now + ((i * 37) % spots),
      })),
    )
    .execute();
  const photos = reviews.flatMap((review, i) =>
    range.slice(0, i % 3).map((position) => ({
      review_id: review.id,
      user_id: alice.id,
      position,
      width: 40 + i,
      height: 30,
      bytes: 2,
      large: Buffer.from('l'),
      thumb: Buffer.from('t'),
      etag: `e${i}-${position}`,
      created_at: now,
    })),
  );
  await db.insertInto('photos').values(photos).execute();
  return list;
}
