import type { AccountExport, Photo, Review } from '@spotbook/contract';
import type { Db } from '../../db/connection.ts';
import { presentList } from '../lists/access.ts';
import { presentSavedList, savedListsPage } from '../lists/saved-lists-repository.ts';
import { presentSpots, SPOT_COLUMNS, type SpotRow } from '../reviews/presenter.ts';
import { EXPORT_PAGE_SIZE, keyset, pagesOf } from './spot-pages.ts';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * `account.json`, streamed: the profile, then the spots a page at a time (each page's
 * photos in one query), then the lists with their spot ids, then the follows. Each piece
 * is shaped by the presenter every other answer uses, so no column goes out by accident
 * (the password hash is never selected).
 */
export async function* accountJson(
  db: Db,
  userId: number,
  publicUrl: string,
): AsyncGenerator<string> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'created_at'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const head: Pick<AccountExport, 'format' | 'version' | 'exported_at' | 'profile'> = {
    format: 'spotbook-account',
    version: 1,
    exported_at: new Date().toISOString(),
    profile: {
      id: user.id,
      username: user.username,
      email: user.email,
      date_joined: iso(user.created_at),
    },
  };
  yield JSON.stringify(head).slice(0, -1) + ',\n"spots":[';
  yield* joined(spotsOf(db, userId, publicUrl));
  yield '],\n"lists":[';
  yield* joined(listsOf(db, user));
  yield '],\n"followed_lists":[';
  yield* joined(followsOf(db, userId));
  yield ']}\n';
}

async function* joined(items: AsyncIterable<unknown>) {
  let first = true;
  for await (const item of items) {
    yield (first ? '\n' : ',\n') + JSON.stringify(item);
    first = false;
  }
}

const absolute = (publicUrl: string, photo: Photo): Photo => ({
  ...photo,
  url: publicUrl + photo.url,
  thumb_url: publicUrl + photo.thumb_url,
});

async function* spotsOf(db: Db, userId: number, publicUrl: string): AsyncGenerator<Review> {
  const rows = keyset<SpotRow>(
    (after) =>
      db
        .selectFrom('reviews as r')
        .innerJoin('places as p', 'p.id', 'r.place_id')
        .select(SPOT_COLUMNS)
        .where('r.user_id', '=', userId)
        // Newest first by id, on the gallery's index reviews_user_newest (user_id, id, …).
        .$if(after !== null, (q) => q.where('r.id', '<', after?.id ?? 0))
        .orderBy('r.id', 'desc')
        .limit(EXPORT_PAGE_SIZE)
        .execute(),
    (row) => ({ at: row.id, id: row.id }),
  );
  // Each page's photos in one query (presentSpots), then one spot at a time.
  for await (const page of pagesOf(rows)) {
    for (const spot of await presentSpots(db, page)) {
      yield { ...spot, photos: spot.photos.map((photo) => absolute(publicUrl, photo)) };
    }
  }
}

/** The caller's lists, oldest first, each with its spot ids (one query per list). */
async function* listsOf(
  db: Db,
  user: { id: number; username: string },
): AsyncGenerator<AccountExport['lists'][number]> {
  const lists = await db
    .selectFrom('lists')
    .select(['id', 'user_id', 'name', 'description', 'shareable_by_link', 'slug'])
    .select(['created_at', 'updated_at'])
    .where('user_id', '=', user.id)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  for (const { created_at, updated_at, ...list } of lists) {
    const entries = await db
      .selectFrom('list_reviews')
      .select(['review_id', 'notes'])
      .where('list_id', '=', list.id)
      .orderBy('added_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const record = { ...list, owner_username: user.username, spot_count: entries.length };
    yield {
      ...presentList(record),
      created_at: iso(created_at),
      updated_at: iso(updated_at),
      spot_ids: entries.map((entry) => entry.review_id),
      notes: Object.fromEntries(
        entries.filter((e) => e.notes !== '').map((e) => [String(e.review_id), e.notes]),
      ),
    };
  }
}

async function* followsOf(db: Db, userId: number) {
  for (let offset = 0; ; offset += EXPORT_PAGE_SIZE) {
    const page = await savedListsPage(db, userId, { offset, limit: EXPORT_PAGE_SIZE });
    yield* page.results.map(presentSavedList);
    if (page.results.length < EXPORT_PAGE_SIZE) return;
  }
}
