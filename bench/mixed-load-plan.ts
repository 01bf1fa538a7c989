/**
 * Who the mixed load of bench/mixed-load.ts is, and what each of them asks for.
 *
 * *People* (the default): each of the 50 connections is a person of its own, signed in as
 * one of bench/seed-spots.ts's users, reading and writing their own gallery, spots and
 * lists, and opening other people's shared lists (signed in, or signed out as from a
 * link in a chat). The 100,000-spot user is one of them, so deep pages and broad searches
 * over 100,000 spots stay in the mix; the other 49 have 10,000 spots each.
 * *One user* (the mix of decision 023 before 2026-11-23): all 50 connections are the
 * 100,000-spot user, so every write moves the one gallery all reads hit.
 * The kinds' shares are decision 023's in both.
 */
import type { Db } from '../server/src/db/connection.ts';
import { hashPassword } from '../server/src/features/auth/passwords.ts';
import type { AppProcess } from './app-process.ts';
import { BenchClient } from './bench-client.ts';
import type { KindPlan, Person, RequestSpec } from './mixed-load-client.ts';
import type { SeededDb } from './seed-spots.ts';
import { spotIdsOf } from './seed-writers.ts';

export type MixName = 'people' | 'one user';
const LIST_SIZES = [20, 200, 2000];
const SORTS = ['newest', 'oldest', 'highest_rating', 'lowest_rating'];
const VISITED = ['both', 'true', 'false'];
const WORDS = ['garden', 'lantern', 'sunset', 'coffee', 'market', 'river', 'old', 'tower'];
const PLACE_QUERIES = ['ca', 'tow', 'mus', 'par', 'bri', 'sta', 'the', 'mar'];
const CITIES = [
  { lat: 48.8566, lng: 2.3522 },
  { lat: 51.5072, lng: -0.1276 },
  { lat: 35.6762, lng: 139.6503 },
  { lat: 40.7128, lng: -74.006 },
];
/** Spots each person opens and edits, spread evenly over all of theirs. */
const SPOTS_OPENED = { main: 5000, other: 500 };

const pick = <T>(items: readonly T[], i: number) => items[i % items.length]!;
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/** A seeded user with what the mix needs of them. */
export interface BenchUser {
  id: number;
  username: string;
  /** Spots the user has (the deep pages' range). */
  spots: number;
  /** Their lists of 20, 200 and 2,000 spots, shareable by link. */
  listSlugs: string[];
  /** Their list the mix's new spots go on. */
  writesListId: number;
}

/** The seeded users, 100,000-spot user first, each with their lists (made once per database). */
export async function benchUsers(db: SeededDb): Promise<BenchUser[]> {
  const kysely = db.handle.db;
  const users = await kysely
    .selectFrom('users')
    .innerJoin('spot_counts', 'spot_counts.user_id', 'users.id')
    .select(['users.id', 'users.username', 'spot_counts.total'])
    .where('users.username', 'like', 'bench%')
    .orderBy('users.id')
    .execute();
  const main = users.find((u) => u.id === db.mainUserId);
  if (!main) throw new Error('the seeded 100,000-spot user is missing');
  // Databases seeded before every user had a password (bench/seed-spots.ts).
  const locked = await kysely
    .selectFrom('users')
    .select('id')
    .where('username', 'like', 'benchother%')
    .where('password_hash', '=', 'x')
    .execute();
  if (locked.length) {
    await kysely
      .updateTable('users')
      .set({ password_hash: await hashPassword(db.password) })
      .where(
        'id',
        'in',
        locked.map((u) => u.id),
      )
      .execute();
  }
  const result: BenchUser[] = [];
  for (const user of [main, ...users.filter((u) => u !== main)]) {
    result.push({
      id: user.id,
      username: user.username,
      spots: Number(user.total),
      listSlugs: await ensureLists(kysely, user),
      writesListId: await ensureList(kysely, user.id, `${user.username}-mixed-writes`, false),
    });
  }
  return result;
}

async function ensureList(kysely: Db, userId: number, slug: string, shared: boolean) {
  const exists = await kysely
    .selectFrom('lists')
    .select('id')
    .where('slug', '=', slug)
    .executeTakeFirst();
  if (exists) return exists.id;
  const now = Date.now();
  const list = await kysely
    .insertInto('lists')
    .values({
      user_id: userId,
      name: slug.slice(slug.lastIndexOf('-mixed-') + 1),
      description: '',
      shareable_by_link: shared ? 1 : 0,
      slug,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await kysely.insertInto('list_slugs').values({ slug, list_id: list.id }).execute();
  return list.id;
}

/** The user's shared lists of 20, 200 and 2,000 of their first spots. */
async function ensureLists(kysely: Db, user: { id: number; username: string }) {
  const slugs = LIST_SIZES.map((size) => `${user.username}-mixed-${size}`);
  const missing = await kysely
    .selectFrom('lists')
    .select('slug')
    .where('slug', 'in', slugs)
    .execute();
  if (missing.length === slugs.length) return slugs;
  const spots = await kysely
    .selectFrom('reviews')
    .select('id')
    .where('user_id', '=', user.id)
    .orderBy('id')
    .limit(Math.max(...LIST_SIZES))
    .execute();
  for (const [k, size] of LIST_SIZES.entries()) {
    if (missing.some((l) => l.slug === slugs[k])) continue;
    const listId = await ensureList(kysely, user.id, slugs[k]!, true);
    const now = Date.now();
    for (let i = 0; i < size; i += 500) {
      await kysely
        .insertInto('list_reviews')
        .values(
          spots.slice(i, Math.min(size, i + 500)).map((spot, j) => ({
            list_id: listId,
            review_id: spot.id,
            notes: '',
            added_at: now - (i + j),
          })),
        )
        .execute();
    }
  }
  return slugs;
}

/** Signs the user in through the API, as their browser would: the session and CSRF cookies. */
export async function signIn(app: AppProcess, username: string, password: string) {
  const client = new BenchClient(app.url);
  const login = await client.call('POST', '/api/user/login/', {
    username_or_email: username,
    password,
  });
  if (login.status !== 200) throw new Error(`sign-in of ${username} answered ${login.status}`);
  await client.call('GET', '/api/user/session/');
  const cookie = client.cookieHeader();
  return { cookie, csrf: /csrftoken=([^;]+)/.exec(cookie)?.[1] ?? '' };
}

/** Embedded place ids to create spots of, found the way the web's search finds them. */
export async function creatablePlaceIds(app: AppProcess, user: string, password: string) {
  const { cookie } = await signIn(app, user, password);
  const ids = new Set<string>();
  for (const a of 'abcdefghiklmnoprstuvw') {
    for (const b of 'aeiou') {
      const answer = await fetch(`${app.url}/api/places/search/?query=${a}${b}&kind=city`, {
        headers: { cookie },
      });
      if (answer.status !== 200) throw new Error(`place search answered ${answer.status}`);
      const { results } = (await answer.json()) as { results: { id: string }[] };
      for (const place of results) ids.add(place.id);
    }
  }
  return [...ids];
}

/** The spots a person opens and edits: spread evenly over all of theirs, as people do. */
async function spotsOpened(db: Db, user: BenchUser, count: number) {
  const all = await spotIdsOf(db, user.id);
  return range(Math.min(count, all.length)).map(
    (i) => all[Math.floor((i * all.length) / Math.min(count, all.length))]!,
  );
}

/**
 * What the spot page's edit form sends for each spot (SpotEditForm): its text, stars,
 * visited and the full set of the owner's lists holding it, as when a person changes
 * only the stars.
 */
async function editForms(db: Db, userId: number, spotIds: number[]) {
  const [spots, entries] = await Promise.all([
    db
      .selectFrom('reviews')
      .select(['id', 'review', 'visited'])
      .where('user_id', '=', userId)
      .execute(),
    db
      .selectFrom('list_reviews as lr')
      .innerJoin('lists as l', 'l.id', 'lr.list_id')
      .select(['lr.review_id', 'lr.list_id'])
      .where('l.user_id', '=', userId)
      .execute(),
  ]);
  const byId = new Map(spots.map((spot) => [spot.id, spot]));
  const listsOf = new Map<number, number[]>();
  for (const e of entries)
    listsOf.set(e.review_id, [...(listsOf.get(e.review_id) ?? []), e.list_id]);
  return spotIds.map((id) => {
    const spot = byId.get(id)!;
    const lists = listsOf.get(id) ?? [];
    return { id, body: { review: spot.review, visited: spot.visited === 1, lists } };
  });
}

export interface MixPlan {
  people: Person[];
  kinds: KindPlan[];
  /** What the plan is, printed with the figures. */
  summary: string;
}

/**
 * The mix: `connections` people (one user for all of them in the "one user" mix), each
 * signed in on a session of their own, and the kinds with decision 023's shares.
 */
export async function mixPlan(
  app: AppProcess,
  db: SeededDb,
  users: BenchUser[],
  places: string[],
  mix: MixName,
  connections: number,
): Promise<MixPlan> {
  const chosen = mix === 'people' ? users.slice(0, connections) : [users[0]!];
  if (chosen.length < connections && mix === 'people') {
    throw new Error(`${connections} people need ${connections} seeded users`);
  }
  const people: Person[] = [];
  const own: {
    deep: RequestSpec[];
    spots: RequestSpec[];
    edits: RequestSpec[];
    lists: RequestSpec[];
    creates: RequestSpec[];
  }[] = [];
  for (const [i, user] of chosen.entries()) {
    people.push({
      label: i === 0 ? 'the 100,000-spot user' : undefined,
      ...(await signIn(app, user.username, db.password)),
    });
    const spots = await spotsOpened(
      db.handle.db,
      user,
      i === 0 ? SPOTS_OPENED.main : SPOTS_OPENED.other,
    );
    const pages = Math.max(1, Math.floor(user.spots / 20));
    own.push({
      deep: range(400).map((k) => gallery(k * 7, Math.floor(Math.random() * pages) * 20)),
      spots: spots.map((id) => ({ method: 'GET', path: `/api/reviews/review/${id}/` })),
      edits: (await editForms(db.handle.db, user.id, spots)).map((form, k) => ({
        method: 'PUT',
        path: `/api/reviews/review/${form.id}/`,
        body: JSON.stringify({ ...form.body, rating: k % 6 }),
      })),
      lists: user.listSlugs.map((slug) => ({ method: 'GET', path: `/api/lists/list/${slug}/` })),
      creates: places.map((id) => ({
        method: 'POST',
        path: '/api/reviews/create-place-review/',
        body: JSON.stringify({
          place: { id },
          review: { review: 'Added under load', rating: 4, visited: false },
          list_id: user.writesListId,
        }),
      })),
    });
  }
  // Other people's shared lists: every seeded user's, whoever is in the mix.
  const shared = users.flatMap((user) =>
    user.listSlugs.map((slug) => ({ user: user.id, path: `/api/lists/list/${slug}/` })),
  );
  const othersLists = (as?: 'nobody') =>
    chosen.map((user) =>
      shared
        .filter((l) => l.user !== user.id)
        .map((l): RequestSpec => ({ method: 'GET', path: l.path, as })),
    );
  const perPerson = (key: keyof (typeof own)[number]) => own.map((o) => o[key]);
  // One kind per size of one's own lists (6 % in all, as before), so each size's latency is
  // printed: the biggest answers are the slowest to arrive.
  const ownLists = LIST_SIZES.map((size, k): KindPlan => ({
    kind: `list: own, ${size} spots`,
    weight: 6 / LIST_SIZES.length,
    perPerson: own.map((o) => [o.lists[k]!]),
  }));
  const lists: KindPlan[] =
    mix === 'people'
      ? [
          ...ownLists,
          { kind: "list: another's, signed in", weight: 2, perPerson: othersLists() },
          { kind: "list: another's, signed out", weight: 2, perPerson: othersLists('nobody') },
        ]
      : [{ kind: 'list', weight: 10, perPerson: perPerson('lists') }];
  const kinds: KindPlan[] = [
    { kind: 'gallery first page', weight: 40, requests: range(240).map((i) => gallery(i, 0)) },
    { kind: 'gallery deep page', weight: 8, perPerson: perPerson('deep') },
    {
      kind: 'metadata',
      weight: 8,
      requests: [{ method: 'GET', path: '/api/reviews/review/metadata/' }],
    },
    ...lists,
    { kind: 'spot', weight: 12, perPerson: perPerson('spots') },
    {
      kind: 'place search',
      weight: 17,
      requests: range(32).map((i) => {
        const near = pick(CITIES, i >> 3);
        return {
          method: 'GET',
          path: `/api/places/search/?query=${pick(PLACE_QUERIES, i)}&kind=place&lat=${near.lat}&lng=${near.lng}`,
        };
      }),
    },
    { kind: 'write: edit a spot', weight: 3, perPerson: perPerson('edits') },
    { kind: 'write: new spot on a list', weight: 2, inTurn: true, perPerson: perPerson('creates') },
  ];
  const summary =
    mix === 'people'
      ? `${connections} connections = ${chosen.length} people, each signed in as their own user: ` +
        `the 100,000-spot user on 1 (${(100 / connections).toFixed(0)} % of requests), ` +
        `${chosen.length - 1} users of ~${users[1]?.spots ?? 0} spots on one each`
      : `${connections} connections, all the 100,000-spot user on one session`;
  return { people, kinds, summary };
}

function gallery(i: number, offset: number): RequestSpec {
  const search = i % 5 === 0 ? `&search=${pick(WORDS, i)}` : '';
  return {
    method: 'GET',
    path: `/api/reviews/review/?offset=${offset}&limit=20&sortBy=${pick(SORTS, i)}&visited=${pick(VISITED, i >> 2)}${search}`,
  };
}

/** The shares of the kinds, as printed with the plan. */
export function sharesLine(kinds: KindPlan[]): string {
  const total = kinds.reduce((sum, k) => sum + k.weight, 0);
  return kinds.map((k) => `${k.kind} ${((100 * k.weight) / total).toFixed(0)} %`).join(', ');
}
