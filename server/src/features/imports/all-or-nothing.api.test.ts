import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Import, ImportSummary } from '@spotbook/contract';
import { useTestApp, type TestApp, type TestUser } from '../../../test/helper.ts';
import { importJobsOf } from './routes.ts';
import { importFile, ownExportJson, upload } from './test/upload.ts';

/** Everything of the user's an import could have written. */
async function accountOf(t: TestApp, user: TestUser) {
  const { db } = t.ctx;
  const of = (table: 'reviews' | 'lists') =>
    db.selectFrom(table).select('id').where('user_id', '=', user.id).execute();
  return {
    spots: await of('reviews'),
    lists: await of('lists'),
    entries: await db
      .selectFrom('list_reviews')
      .innerJoin('lists', 'lists.id', 'list_reviews.list_id')
      .select('list_reviews.review_id')
      .where('lists.user_id', '=', user.id)
      .execute(),
    pins: await db.selectFrom('places').select('id').where('owner_id', '=', user.id).execute(),
  };
}

/**
 * A real database refusal half-way through confirm: once `after` more spots have been put
 * on lists (their pins, spots and list written before them), the next entry fails.
 */
async function refuseListEntriesAfter(t: TestApp, after: number) {
  const { count } = await t.ctx.db
    .selectFrom('list_reviews')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const limit = sql.lit(Number(count) + after);
  if (t.ctx.dialect === 'postgres') {
    await sql`CREATE FUNCTION refuse_entries() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF (SELECT count(*) FROM list_reviews) >= ${limit} THEN RAISE EXCEPTION 'disk full'; END IF;
        RETURN NEW;
      END $$`.execute(t.ctx.db);
    await sql`CREATE TRIGGER refuse_entries BEFORE INSERT ON list_reviews
      FOR EACH ROW EXECUTE FUNCTION refuse_entries()`.execute(t.ctx.db);
  } else {
    await sql`CREATE TRIGGER refuse_entries BEFORE INSERT ON list_reviews
      WHEN (SELECT count(*) FROM list_reviews) >= ${limit}
      BEGIN SELECT RAISE(ABORT, 'disk full'); END`.execute(t.ctx.db);
  }
}

async function allowListEntries(t: TestApp) {
  await sql`DROP TRIGGER refuse_entries${sql.raw(t.ctx.dialect === 'postgres' ? ' ON list_reviews' : '')}`.execute(
    t.ctx.db,
  );
}

/** Rows enough for several matching batches; pins and a list for confirm to create. */
const FILE = ownExportJson(
  Array.from({ length: 400 }, (_, i) => ({
    name: `Bench number ${i}`,
    lat: 45 + i / 1000,
    lng: 5,
    category: 'park',
    review: `Note ${i}`,
    lists: ['Benches'],
  })),
);

/** Issue 12: "a failed or cancelled import leaves the account as it was". */
describe('a cancelled or failed import leaves the account as it was', () => {
  const { t, alice, bob } = useTestApp({ users: ['alice', 'bob'] });

  it('discarding an import while it is matching stops the job and leaves nothing', async () => {
    const before = await accountOf(t, alice);
    // Discarded at several moments of its matching: once, the job's batch writes and the
    // discard's cascade locked rows in opposite orders and PostgreSQL answered a deadlock.
    for (const wait of [0, 20, 40, 60, 80, 100]) {
      const response = await upload(alice.client, 'spots.geojson', FILE);
      expect(response.statusCode).toBe(201);
      const { id, status } = response.json<Import>();
      expect(status).toBe('matching');
      await new Promise((resolve) => setTimeout(resolve, wait));
      expect((await alice.client.delete(`/api/imports/${id}/`)).statusCode, `${wait} ms`).toBe(204);

      await importJobsOf(t.ctx)!.idle();
      expect((await alice.client.get(`/api/imports/${id}/`)).statusCode).toBe(404);
      const rows = await t.ctx.db
        .selectFrom('import_rows')
        .select('idx')
        .where('import_id', '=', id)
        .execute();
      expect(rows).toEqual([]);
      expect((await alice.client.post(`/api/imports/${id}/confirm/`, {})).statusCode).toBe(404);
    }
    expect(await accountOf(t, alice)).toEqual(before);
  });

  it('a confirm that fails part-way creates nothing, and can be confirmed again', async () => {
    const job = await importFile(t, bob.client, 'spots.geojson', FILE);
    expect(job.status).toBe('ready');
    const before = await accountOf(t, bob);

    await refuseListEntriesAfter(t, 250);
    try {
      const failed = await bob.client.post(`/api/imports/${job.id}/confirm/`, {});
      expect(failed.statusCode).toBe(500);
      expect(failed.json()).toEqual({ detail: 'Internal Server Error' });
    } finally {
      await allowListEntries(t);
    }
    // 250 rows were written when the 251st failed: none of them was kept; still ready.
    expect(await accountOf(t, bob)).toEqual(before);
    expect((await bob.client.get(`/api/imports/${job.id}/`)).json<Import>().status).toBe('ready');

    const retried = await bob.client.post(`/api/imports/${job.id}/confirm/`, {});
    expect(retried.statusCode).toBe(200);
    expect(retried.json<ImportSummary>()).toMatchObject({ created: 400, skipped: 0 });
    const after = await accountOf(t, bob);
    expect(after.spots).toHaveLength(400);
    expect(after.pins).toHaveLength(400);
    expect(after.lists).toHaveLength(1);
    expect(after.entries).toHaveLength(400);
  });
});
