// The writes bench/gallery.ts makes before each "after a write" request: one spot of the
// bench user changed through the app's own repository functions, as the spot routes do.
import type { Db } from '../server/src/db/connection.ts';
import { insertSpot } from '../server/src/features/reviews/create.ts';
import { deleteSpot, findSpot, updateSpot } from '../server/src/features/reviews/repository.ts';

/**
 * `write(i)` makes the i-th write of a cycle: visited toggled, rating changed, review text
 * changed (its search words), a spot created (on a new place), that spot deleted. Over two
 * cycles the seeded spots are back as they were, but for their `updated_at`.
 */
export function galleryWrites(db: Db, userId: number) {
  let created: number | undefined;
  let serial = 0;
  // Spots spread over the whole order (ids of the bench user are consecutive).
  const someSpot = async (i: number) => {
    const { min, max } = await db
      .selectFrom('reviews')
      .select((eb) => [eb.fn.min<number>('id').as('min'), eb.fn.max<number>('id').as('max')])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    for (let id = min + ((i * 7919) % (max - min)); ; id++) {
      const spot = await findSpot(db, id);
      if (spot?.user_id === userId) return spot;
    }
  };
  const kinds = [
    async (i: number) => {
      const spot = await someSpot(i);
      await updateSpot(db, spot, { visited: spot.visited === 0 });
    },
    async (i: number) => {
      const spot = await someSpot(i);
      await updateSpot(db, spot, { rating: (spot.rating + 3) % 6 });
    },
    async (i: number) => {
      const spot = await someSpot(i);
      const review = spot.review.endsWith(' garden')
        ? spot.review.slice(0, -7)
        : `${spot.review} garden`;
      await updateSpot(db, spot, { review });
    },
    async () => {
      const id = `bench:after-write-${process.pid}-${serial++}`;
      const place = await db
        .insertInto('places')
        .values({
          id,
          provider: 'bench',
          display_name: 'Tea garden terrace',
          formatted_address: '2 Tower Street, Lyon, France',
          city: 'Lyon',
          country: 'France',
          lat: 45.76,
          lng: 4.83,
          primary_type: 'cafe',
          website_uri: '',
          google_maps_uri: '',
          editorial_summary: '',
          photo_ref: '',
          cached_preview_image: '',
          owner_id: null,
          created_at: Date.now(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const spot = { review: 'the best sunset', rating: 4, visited: true };
      created = await insertSpot(db, userId, place, spot, Date.now());
    },
    async () => {
      if (created !== undefined) await deleteSpot(db, created, userId);
      created = undefined;
    },
  ];
  return (i: number) => kinds[i % kinds.length]!(i);
}
