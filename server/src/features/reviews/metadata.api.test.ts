import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GALLERY_CHANGES_KEPT } from '../../db/migrations/008_gallery_changes.ts';
import { createPlace, createSpot } from '../../../test/factories.ts';
import { signedInUser, useTestApp, type TestUser } from '../../../test/helper.ts';
import { CHANGE_LOG_COLUMN, StatementTimeline } from '../../../test/statement-timeline.ts';
import { readSpotCounters } from './spot-counters.ts';
import { listCountQueries } from '../lists/list-counts.ts';
import { spotMetadataReader, type MetadataCounts } from './metadata.ts';

/*
 * The metadata reader keeps each user's filter options and follows their writes through the
 * gallery's change log (metadata.ts, migration 008). After any sequence of writes — through
 * the API and straight into the database (another app server), adding a value, taking a
 * value's last spot, or one of several — it must answer exactly what a reader that keeps
 * nothing answers.
 */

const { t } = useTestApp({ users: [] });
const CITIES = ['Lyon', 'Paris', 'Évora', 'zürich', ''];
const TYPES = ['museum', 'park', 'cafe'];
const COUNTRIES = ['France', 'Portugal', 'Switzerland'];

async function newSpot(user: TestUser, n: number) {
  const place = await createPlace(t.ctx, {
    city: CITIES[n % CITIES.length]!,
    primary_type: TYPES[n % TYPES.length]!,
    country: COUNTRIES[n % COUNTRIES.length]!,
  });
  return (await createSpot(user, place, { rating: n % 6 })).id;
}

const ids = async (userId: number) =>
  (await t.ctx.db.selectFrom('reviews').select('id').where('user_id', '=', userId).execute()).map(
    (r) => r.id,
  );

/** Writes of one spot, chosen by `n` among the user's spots. */
const writes = (user: TestUser) => ({
  create: (n: number) => newSpot(user, n),
  edit: async (n: number) => {
    const all = await ids(user.id);
    const id = all[n % all.length]!;
    const response = await user.client.put(`/api/reviews/review/${id}/`, { rating: n % 6 });
    expect(response.statusCode).toBe(200);
  },
  remove: async (n: number) => {
    const all = await ids(user.id);
    if (all.length > 1)
      await t.ctx.db
        .deleteFrom('reviews')
        .where('id', '=', all[n % all.length]!)
        .execute();
  },
  /** Another server moving a spot's columns to other values (also to an empty one). */
  direct: async (n: number) => {
    const all = await ids(user.id);
    await t.ctx.db
      .updateTable('reviews')
      .set({
        place_city: CITIES[(n * 3) % CITIES.length]!,
        place_type: TYPES[(n * 5) % TYPES.length]!,
        place_country: COUNTRIES[(n * 7) % COUNTRIES.length]!,
      })
      .where('id', '=', all[n % all.length]!)
      .execute();
  },
  /** Every spot of one city at once, in one statement: many logged changes. */
  bulk: async (n: number) => {
    await t.ctx.db
      .updateTable('reviews')
      .set({ place_city: CITIES[(n + 1) % CITIES.length]! })
      .where('user_id', '=', user.id)
      .where('place_city', '=', CITIES[n % CITIES.length]!)
      .execute();
  },
});

const fresh = async (userId: number) => (await spotMetadataReader(t.ctx.db)(userId)).plain();

/** The user's gallery counters and list counts, as the session hook reads them before the route. */
async function sessionCounts(userId: number): Promise<MetadataCounts> {
  const counters = await readSpotCounters(t.ctx.db, userId);
  const lists = await t.ctx.db
    .selectFrom('users')
    .select((eb) => [
      listCountQueries(eb).lists.as('lists'),
      listCountQueries(eb).followed.as('followed'),
    ])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return { counters, lists: { lists: Number(lists.lists), followed: Number(lists.followed) } };
}
/** The counts of a session that read an older version: the lists as now. */
const atVersion = (counts: MetadataCounts, version: number): MetadataCounts => ({
  ...counts,
  counters: { ...counts.counters, version },
});
let calls = 0;

/**
 * The kept reader's JSON, after checking that its gzipped answer holds the same bytes.
 * Every other call passes the counts as the session hook does (read before it).
 */
async function keptJson(kept: ReturnType<typeof spotMetadataReader>, userId: number) {
  const known = calls++ % 2 ? await sessionCounts(userId) : undefined;
  const answer = await kept(userId, known);
  const json = answer.plain();
  expect(gunzipSync(answer.gzipped()).toString('utf8')).toBe(json);
  return json;
}

describe('metadata filter options kept per user', () => {
  it('answer like a reader that keeps nothing after any sequence of writes', async () => {
    const user = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    for (let n = 0; n < 8; n++) await newSpot(user, n);
    await newSpot(other, 99);
    const kept = spotMetadataReader(t.ctx.db);
    const userWrites = writes(user);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.constantFrom(...Object.keys(userWrites)), fc.nat(1000)), {
          minLength: 1,
          maxLength: 4,
        }),
        async (steps) => {
          for (const [write, n] of steps) {
            await userWrites[write as keyof typeof userWrites](n);
            // Sometimes after each write, sometimes after several.
            if (n % 2) expect(await keptJson(kept, user.id)).toBe(await fresh(user.id));
          }
          expect(await keptJson(kept, user.id)).toBe(await fresh(user.id));
          expect(await keptJson(kept, other.id)).toBe(await fresh(other.id));
        },
      ),
      { numRuns: 12, seed: 23 },
    );
  });

  it('drop a value with its last spot and keep one another spot still has', async () => {
    const user = await signedInUser(t.app);
    const kept = spotMetadataReader(t.ctx.db);
    const lyon = await newSpot(user, 0);
    const paris = await newSpot(user, 1);
    const alsoLyon = await newSpot(user, 5);
    expect(JSON.parse((await kept(user.id)).plain()).cities).toEqual(['Lyon', 'Paris']);
    await t.ctx.db.deleteFrom('reviews').where('id', '=', lyon).execute();
    expect(JSON.parse((await kept(user.id)).plain()).cities).toEqual(['Lyon', 'Paris']);
    await t.ctx.db.deleteFrom('reviews').where('id', 'in', [alsoLyon, paris]).execute();
    expect(JSON.parse((await kept(user.id)).plain())).toEqual({
      saved_list_count: 0,
      review_count: 0,
      list_count: 0,
      types: [],
      cities: [],
      countries: [],
    });
  });

  it('start afresh once the log no longer reaches back to what they keep', async () => {
    const user = await signedInUser(t.app);
    for (let n = 0; n < 3; n++) await newSpot(user, n);
    const kept = spotMetadataReader(t.ctx.db);
    await kept(user.id);
    // Each update bumps the version twice: more versions than the log keeps.
    const direct = writes(user).direct;
    for (let i = 0; i <= GALLERY_CHANGES_KEPT / 2; i++) await direct(i);
    expect((await kept(user.id)).plain()).toBe(await fresh(user.id));
  });

  it('are sent gzipped, with the counts of the moment around the kept options', async () => {
    const user = await signedInUser(t.app);
    for (let n = 0; n < 3; n++) await newSpot(user, n);
    const get = (acceptEncoding?: string) =>
      user.client.request(
        'GET',
        '/api/reviews/review/metadata/',
        undefined,
        acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      );
    const zipped = await get('gzip, deflate, br, zstd');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    expect(zipped.headers['content-type']).toBe('application/json; charset=utf-8');
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
    // A new list moves a count, not the options: the kept deflated options serve it.
    const kept = spotMetadataReader(t.ctx.db);
    const before = await kept(user.id);
    before.gzipped();
    await user.client.post('/api/lists/list/', { name: 'Counted', description: '' });
    const after = await kept(user.id);
    expect(JSON.parse(after.plain()).list_count).toBe(JSON.parse(before.plain()).list_count + 1);
    expect(gunzipSync(after.gzipped()).toString('utf8')).toBe(after.plain());
    expect(gunzipSync((await get('gzip')).rawPayload).toString('utf8')).toBe(after.plain());
    expect((await get('identity')).body).toBe(after.plain());
  });

  it("with the session's counts, read only the change log after a write", async () => {
    // The counts came with the session's read (plugins/session.ts): a statement less.
    const user = await signedInUser(t.app);
    for (let n = 0; n < 3; n++) await newSpot(user, n);
    const timeline = new StatementTimeline();
    const kept = spotMetadataReader(timeline.watch(t.ctx.db));
    await kept(user.id, await sessionCounts(user.id));
    await newSpot(user, 3);
    const counts = await sessionCounts(user.id);

    timeline.clear();
    const answer = await kept(user.id, counts);

    const answered = timeline.events.filter((e) => e.kind === 'answered');
    expect(answered).toHaveLength(1);
    expect(answered[0]!.columns).toContain(CHANGE_LOG_COLUMN);
    expect(answer.plain()).toBe(await fresh(user.id));
  });

  it("answer a session's older version from options kept at a newer one, and keep the newer", async () => {
    // Many requests of one user read the version just before another's write lands.
    const user = await signedInUser(t.app);
    for (let n = 0; n < 3; n++) await newSpot(user, n);
    const timeline = new StatementTimeline();
    const kept = spotMetadataReader(timeline.watch(t.ctx.db));
    const older = (await sessionCounts(user.id)).counters.version;
    await kept(user.id, await sessionCounts(user.id));
    await newSpot(user, 3);
    await kept(user.id, await sessionCounts(user.id));

    timeline.clear();
    const late = await kept(user.id, atVersion(await sessionCounts(user.id), older));
    const again = await kept(user.id, await sessionCounts(user.id));

    // Nothing: neither read the spots' values again, and the counts came with the session.
    expect(timeline.events.filter((e) => e.kind === 'sent')).toHaveLength(0);
    expect(late.plain()).toBe(await fresh(user.id));
    expect(again.plain()).toBe(await fresh(user.id));
  });
});
