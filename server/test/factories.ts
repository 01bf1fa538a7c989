import type { Insertable } from 'kysely';
import type { AppContext } from '../src/context.ts';
import type { ListsTable, PlacesTable } from '../src/db/schema.ts';
import type { SessionGuard } from '../src/plugins/session.ts';
import type { TestUser } from './helper.ts';

/**
 * Small factories for API tests: rows the test needs but isn't about, written directly.
 * Spots themselves are created through the real endpoint (createSpot).
 */
let sequence = 0;
const next = () => `${Date.now().toString(36)}${sequence++}`;

/** A stored place row (as if a provider had answered for it once). */
export async function createPlace(
  ctx: AppContext,
  overrides: Partial<Insertable<PlacesTable>> = {},
): Promise<string> {
  const id = overrides.id ?? `test:${next()}`;
  await ctx.db
    .insertInto('places')
    .values({
      provider: id.split(':')[0] ?? 'test',
      display_name: `Place ${id}`,
      formatted_address: '1 Main Street, Paris, France',
      city: 'Paris',
      country: 'France',
      lat: 48.85,
      lng: 2.35,
      primary_type: 'museum',
      website_uri: '',
      google_maps_uri: '',
      editorial_summary: '',
      photo_ref: '',
      cached_preview_image: '',
      owner_id: null,
      created_at: Date.now(),
      ...overrides,
      id,
    })
    .execute();
  return id;
}

/** A list owned by `userId`, private unless told otherwise. */
export async function createList(
  ctx: AppContext,
  userId: number,
  overrides: Partial<Insertable<ListsTable>> = {},
): Promise<{ id: number; slug: string }> {
  const slug = overrides.slug ?? `list-${next()}`;
  const now = Date.now();
  return ctx.db
    .insertInto('lists')
    .values({
      user_id: userId,
      name: 'My list',
      description: '',
      shareable_by_link: 0,
      created_at: now,
      updated_at: now,
      ...overrides,
      slug,
    })
    .returning(['id', 'slug'])
    .executeTakeFirstOrThrow();
}

export async function putOnList(ctx: AppContext, listId: number, reviewId: number) {
  await ctx.db
    .insertInto('list_reviews')
    .values({ list_id: listId, review_id: reviewId, notes: '', added_at: Date.now() })
    .execute();
}

/** A photo row of `spot` (4×3, one byte each version) at `position`, written directly. */
export async function addPhotoRow(ctx: AppContext, spot: number, userId: number, position: number) {
  await ctx.db
    .insertInto('photos')
    .values({
      review_id: spot,
      user_id: userId,
      position,
      width: 4,
      height: 3,
      bytes: 1,
      large: Buffer.from('x'),
      thumb: Buffer.from('x'),
      etag: `e${position}`,
      created_at: position,
    })
    .execute();
}

export interface SpotInput {
  review?: string;
  rating?: number;
  visited?: boolean;
  list_id?: number;
}

/** A spot of `placeId` created through POST /api/reviews/create-place-review/. */
export async function createSpot(user: TestUser, placeId: string, input: SpotInput = {}) {
  const { list_id, ...review } = input;
  const response = await user.client.post('/api/reviews/create-place-review/', {
    place: { id: placeId },
    review: { review: '', rating: 0, visited: false, ...review },
    ...(list_id === undefined ? {} : { list_id }),
  });
  if (response.statusCode !== 201) throw new Error(`create spot failed: ${response.body}`);
  return response.json<{ id: number; firstSpot: boolean }>();
}

/**
 * The user's latest session as a write checks it (plugins/session.ts, `SessionGuard`), for
 * tests that call a write's function without a request.
 */
export async function sessionOf(ctx: AppContext, user: TestUser): Promise<SessionGuard> {
  const row = await ctx.db
    .selectFrom('sessions')
    .select('id')
    .where('user_id', '=', user.id)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  return { rowId: row.id, userId: user.id, at: Date.now() };
}

/**
 * The ways a user's sessions stop holding while the server still knows their cookies:
 * ended (signed out elsewhere, the rows gone) or expired. `app.ctx` is read when one is
 * called: a test file's app is built after its tests are declared.
 */
export const sessionEndings = (app: { ctx: AppContext }) => ({
  ended: (userId: number) =>
    app.ctx.db.deleteFrom('sessions').where('user_id', '=', userId).execute(),
  expired: (userId: number) =>
    app.ctx.db
      .updateTable('sessions')
      .set({ expires_at: Date.now() - 1000 })
      .where('user_id', '=', userId)
      .execute(),
});
