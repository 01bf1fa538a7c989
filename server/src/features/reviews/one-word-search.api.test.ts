import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { REVIEW_SORTS, type ReviewsPage } from '@spotbook/contract';
import { createPlace, createSpot } from '../../../test/factories.ts';
import { signedInUser, useTestApp } from '../../../test/helper.ts';
import * as shortPrefixCounts from '../../db/migrations/011_search_prefix_counts.ts';
import * as longerPrefixCounts from '../../db/migrations/012_search_prefix_counts_longer.ts';
import * as sqlitePrefixCounts from '../../db/migrations/013_search_prefix_counts_sqlite.ts';
import * as searchInitials from '../../db/migrations/014_search_initials.ts';

/*
 * Searches for one word, alone or with the visited filter: "t", "mu", "mus" (what a search
 * box sends at its first keystrokes), "tasty", "temple" (words), and words longer than the
 * twelve letters counted.
 * Both databases count them from per-prefix counters kept by triggers (migrations 011 and
 * 012 on PostgreSQL, 013 on SQLite) and walk a sort index for the page
 * (gallery-counted-search.ts); SQLite's newest and oldest read its FTS5 index (migration
 * 010), and so do its non-ASCII words. Either way the count and every page must be what the
 * spots' words say, after creates, edits of the words or the visit, and deletes.
 */

const WORDS = ['t', 'ta', 'mu', 'mus', 'tat', 'ø', 'k', 'tt', 'x', 'tasty', 'temple', 'muddy'];
const LONG_WORDS = ['kyotoprefect', 'kyotoprefectu', 'kyotoprefecturez'];
const VISITED = ['both', 'true', 'false'] as const;
const COUNTED_LETTERS = 12;

const NAMES = [
  'Tea Tower',
  'Tate Modern',
  'Museum of Toys',
  'Mullet Bay',
  'Ørsted Park',
  'Muir Woods',
  'Kyoto Temple',
  'Kyotoprefecture Ørsted',
  'tt',
];

const { t, alice } = useTestApp({ users: ['alice'] });

/** The spots' words as the server stored them. */
async function wordsById(userId: number) {
  const rows = await t.ctx.db
    .selectFrom('reviews')
    .select(['id', 'search_norm', 'rating', 'visited', 'initials'])
    .where('user_id', '=', userId)
    .execute();
  return rows.map((row) => ({ ...row, words: row.search_norm.split(' ').filter(Boolean) }));
}

/** What a search for `word` finds, in each sort, computed here from the words. */
async function expected(
  word: string,
  sortBy: (typeof REVIEW_SORTS)[number],
  visited: (typeof VISITED)[number],
) {
  const low = (rating: number) => (rating === 0 ? 6 : rating);
  const found = (await wordsById(alice.id)).filter(
    (spot) =>
      spot.words.some((w) => w.startsWith(word)) &&
      (visited === 'both' || spot.visited === (visited === 'true' ? 1 : 0)),
  );
  const compare = {
    newest: (a: (typeof found)[0], b: (typeof found)[0]) => b.id - a.id,
    oldest: (a: (typeof found)[0], b: (typeof found)[0]) => a.id - b.id,
    highest_rating: (a: (typeof found)[0], b: (typeof found)[0]) =>
      b.rating - a.rating || b.id - a.id,
    lowest_rating: (a: (typeof found)[0], b: (typeof found)[0]) =>
      low(a.rating) - low(b.rating) || b.id - a.id,
  }[sortBy];
  return found.sort(compare).map((spot) => spot.id);
}

/** Every page of a search, two spots a page, to its count. */
async function pages(word: string, sortBy: string, visited: string) {
  const ids: number[] = [];
  const counts = new Set<number>();
  for (let offset = 0, count = 1; offset < count; offset += 2) {
    const search = encodeURIComponent(word);
    const query = `?search=${search}&sortBy=${sortBy}&visited=${visited}&offset=${offset}&limit=2`;
    const response = await alice.client.get(`/api/reviews/review/${query}`);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<ReviewsPage>();
    counts.add(page.count);
    count = page.count;
    ids.push(...page.results.map((spot) => spot.id));
  }
  return { ids, counts: [...counts] };
}

async function expectSearchesAsTheWordsSay() {
  for (const word of [...WORDS, ...LONG_WORDS]) {
    for (const sortBy of REVIEW_SORTS) {
      for (const visited of VISITED) {
        const want = await expected(word, sortBy, visited);
        expect(await pages(word, sortBy, visited), `${word} ${sortBy} ${visited}`).toEqual({
          ids: want,
          counts: [want.length],
        });
      }
    }
  }
  // The counters, against a count of the words here: [spots, visited ones].
  const byPrefix = new Map<string, [number, number]>();
  for (const { words, visited } of await wordsById(alice.id)) {
    const prefixes = words.flatMap((w) =>
      [...w].slice(0, COUNTED_LETTERS).map((_, n) => [...w].slice(0, n + 1).join('')),
    );
    for (const p of new Set(prefixes)) {
      const [spots, visits] = byPrefix.get(p) ?? [0, 0];
      byPrefix.set(p, [spots + 1, visits + visited]);
    }
  }
  const { rows } = await sql<{ prefix: string; spots: number; visited: number }>`select prefix,
    spots, visited from search_prefix_counts where user_id = ${alice.id} and spots <> 0`.execute(
    t.ctx.db,
  );
  const counted = rows.map((row) => [row.prefix, [Number(row.spots), Number(row.visited)]]);
  expect(new Map(counted as [string, [number, number]][])).toEqual(byPrefix);
  // What a one-letter search walks (migration 014): a bit for each letter a–z a word begins.
  for (const { id, words, initials } of await wordsById(alice.id)) {
    const letters = new Set(words.map((w) => w[0]!).filter((c) => /[a-z]/.test(c)));
    const bits = [...letters].reduce((sum, c) => sum + 2 ** (c.charCodeAt(0) - 97), 0);
    expect(Number(initials), `initials of spot ${id}: ${words.join(' ')}`).toBe(bits);
  }
}

describe('searches for one word', () => {
  it('count and page as the words say, through creates, edits and deletes', async () => {
    const spots: number[] = [];
    for (const [n, name] of NAMES.entries()) {
      const placeId = await createPlace(t.ctx, { display_name: name, city: 'Oslo' });
      const review = n % 3 === 0 ? 'tasty tarts' : '';
      const visited = n % 2 === 0;
      spots.push((await createSpot(alice, placeId, { review, rating: n % 6, visited })).id);
    }
    // Someone else's words never count for Alice.
    const bob = await signedInUser(t.app);
    await createSpot(bob, await createPlace(t.ctx, { display_name: 'Tower of Tea' }));
    await expectSearchesAsTheWordsSay();

    // New words, the same words again (no change), a rating only, visits, and deletes.
    const edit = (id: number, body: object) => alice.client.put(`/api/reviews/review/${id}/`, body);
    expect((await edit(spots[1]!, { review: 'muddy tracks' })).statusCode).toBe(200);
    expect((await edit(spots[2]!, { review: '' })).statusCode).toBe(200);
    expect((await edit(spots[4]!, { rating: 5 })).statusCode).toBe(200);
    expect((await edit(spots[3]!, { visited: true })).statusCode).toBe(200);
    expect((await edit(spots[2]!, { visited: false })).statusCode).toBe(200);
    expect((await edit(spots[6]!, { visited: false, review: 'temple tea' })).statusCode).toBe(200);
    expect((await alice.client.delete(`/api/reviews/review/${spots[0]}/`)).statusCode).toBe(204);
    expect((await alice.client.delete(`/api/reviews/review/${spots[7]}/`)).statusCode).toBe(204);
    await expectSearchesAsTheWordsSay();
  });

  it("counts the spots already there when the counters' migrations run", async () => {
    const spots = await Promise.all(
      NAMES.map(async (name, n) => {
        const placeId = await createPlace(t.ctx, { display_name: name });
        return createSpot(alice, placeId, { review: 'tasty temple', visited: n % 3 === 0 });
      }),
    );
    expect(spots).toHaveLength(NAMES.length);
    const tableNamed = async () =>
      t.ctx.dialect === 'postgres'
        ? (
            await sql<{ name: string | null }>`select to_regclass('search_prefix_counts')::text
            as name`.execute(t.ctx.db)
          ).rows[0]?.name
        : ((
            await sql<{ name: string }>`select name from sqlite_master
            where name = 'search_prefix_counts'`.execute(t.ctx.db)
          ).rows[0]?.name ?? null);
    // Each migration is a no-op on the other database.
    const migrations = [shortPrefixCounts, longerPrefixCounts, sqlitePrefixCounts];
    for (const migration of [...migrations].reverse()) await migration.down(t.ctx.db);
    expect(await tableNamed()).toBeNull();
    for (const migration of migrations) await migration.up(t.ctx.db);
    expect(await tableNamed()).toBe('search_prefix_counts');
    await expectSearchesAsTheWordsSay();
  });

  it('has the initials of the spots already there when migration 014 runs', async () => {
    for (const [n, name] of NAMES.entries()) {
      const placeId = await createPlace(t.ctx, { display_name: name });
      await createSpot(alice, placeId, { review: n % 2 ? 'tasty temple' : 'zen', visited: n > 4 });
    }
    await searchInitials.down(t.ctx.db);
    await expect(t.ctx.db.selectFrom('reviews').select('initials').execute()).rejects.toThrow();
    await searchInitials.up(t.ctx.db);
    await expectSearchesAsTheWordsSay();
  });
});
