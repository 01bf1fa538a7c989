import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { REVIEW_SORTS, type ReviewsPage } from '@spotbook/contract';
import { createPlace, createSpot } from '../../../test/factories.ts';
import { signedInUser, useTestApp } from '../../../test/helper.ts';
import * as prefixCounts from '../../db/migrations/011_search_prefix_counts.ts';

/*
 * Searches for one short word ("t", "mu", "mus"): what a search box sends at its first
 * keystrokes, and words of their own ("bar", "spa").
 * PostgreSQL counts them from per-prefix counters kept by a trigger (migration 011) and
 * walks a sort index for the page (gallery-pg-search.ts); SQLite reads its FTS5 prefix
 * index (migration 010). Either way the count and every page must be what the spots'
 * words say, after creates, edits of the words and deletes.
 */

const NAMES = [
  'Tea Tower',
  'Tate Modern',
  'Museum of Toys',
  'Mullet Bay',
  'Ørsted Park',
  'Muir Woods',
  'Kyoto Temple',
  'tt',
];

const { t, alice } = useTestApp({ users: ['alice'] });

/** The spots' words as the server stored them. */
async function wordsById(userId: number) {
  const rows = await t.ctx.db
    .selectFrom('reviews')
    .select(['id', 'search_norm', 'rating'])
    .where('user_id', '=', userId)
    .execute();
  return rows.map((row) => ({ ...row, words: row.search_norm.split(' ').filter(Boolean) }));
}

/** What a search for `word` finds, in each sort, computed here from the words. */
async function expected(word: string, sortBy: (typeof REVIEW_SORTS)[number]) {
  const low = (rating: number) => (rating === 0 ? 6 : rating);
  const found = (await wordsById(alice.id)).filter((spot) =>
    spot.words.some((w) => w.startsWith(word)),
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

/** Every page of a search, two spots a page. */
async function pages(word: string, sortBy: string) {
  const ids: number[] = [];
  const counts = new Set<number>();
  for (let offset = 0; offset < 20; offset += 2) {
    const query = `?search=${encodeURIComponent(word)}&sortBy=${sortBy}&offset=${offset}&limit=2`;
    const response = await alice.client.get(`/api/reviews/review/${query}`);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<ReviewsPage>();
    counts.add(page.count);
    ids.push(...page.results.map((spot) => spot.id));
  }
  return { ids, counts: [...counts] };
}

async function expectSearchesAsTheWordsSay() {
  for (const word of ['t', 'ta', 'mu', 'mus', 'tat', 'ø', 'k', 'tt', 'x']) {
    for (const sortBy of REVIEW_SORTS) {
      const want = await expected(word, sortBy);
      expect(await pages(word, sortBy), `${word} ${sortBy}`).toEqual({
        ids: want,
        counts: [want.length],
      });
    }
  }
  if (t.ctx.dialect !== 'postgres') return;
  // PostgreSQL's counters, against a count of the words here.
  const byPrefix = new Map<string, number>();
  for (const { words } of await wordsById(alice.id)) {
    const prefix = (word: string, letters: number) => [...word].slice(0, letters).join('');
    for (const p of new Set(words.flatMap((w) => [prefix(w, 1), prefix(w, 2), prefix(w, 3)]))) {
      byPrefix.set(p, (byPrefix.get(p) ?? 0) + 1);
    }
  }
  const { rows } = await sql<{ prefix: string; spots: number }>`select prefix, spots
    from search_prefix_counts where user_id = ${alice.id} and spots <> 0`.execute(t.ctx.db);
  expect(new Map(rows.map((row) => [row.prefix, Number(row.spots)]))).toEqual(byPrefix);
}

describe('searches for one short word', () => {
  it('count and page as the words say, through creates, edits and deletes', async () => {
    const spots: number[] = [];
    for (const [n, name] of NAMES.entries()) {
      const placeId = await createPlace(t.ctx, { display_name: name, city: 'Oslo' });
      const review = n % 3 === 0 ? 'tasty tarts' : '';
      spots.push((await createSpot(alice, placeId, { review, rating: n % 6 })).id);
    }
    // Someone else's words never count for Alice.
    const bob = await signedInUser(t.app);
    await createSpot(bob, await createPlace(t.ctx, { display_name: 'Tower of Tea' }));
    await expectSearchesAsTheWordsSay();

    // New words, the same words again (no change), a rating only, and deletes.
    const edit = (id: number, body: object) => alice.client.put(`/api/reviews/review/${id}/`, body);
    expect((await edit(spots[1]!, { review: 'muddy tracks' })).statusCode).toBe(200);
    expect((await edit(spots[2]!, { review: '' })).statusCode).toBe(200);
    expect((await edit(spots[4]!, { rating: 5 })).statusCode).toBe(200);
    expect((await alice.client.delete(`/api/reviews/review/${spots[0]}/`)).statusCode).toBe(204);
    expect((await alice.client.delete(`/api/reviews/review/${spots[7]}/`)).statusCode).toBe(204);
    await expectSearchesAsTheWordsSay();
  });

  it('counts the spots already there when migration 011 runs (PostgreSQL only)', async () => {
    const tableNamed = async () =>
      t.ctx.dialect === 'postgres'
        ? (
            await sql<{ name: string | null }>`select to_regclass('search_prefix_counts')::text
            as name`.execute(t.ctx.db)
          ).rows[0]?.name
        : (
            await sql<{ name: string }>`select name from sqlite_master
            where name = 'search_prefix_counts'`.execute(t.ctx.db)
          ).rows[0]?.name;
    if (t.ctx.dialect === 'sqlite') {
      // SQLite counts from its FTS5 prefix index (migration 010): no table, no trigger.
      expect(await tableNamed()).toBeUndefined();
      return;
    }
    await prefixCounts.down(t.ctx.db);
    expect(await tableNamed()).toBeNull();
    await prefixCounts.up(t.ctx.db);
    expect(await tableNamed()).toBe('search_prefix_counts');
    await expectSearchesAsTheWordsSay();
  });
});
