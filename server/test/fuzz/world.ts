import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Selectable } from 'kysely';
import type { AppContext } from '../../src/context.ts';
import type { SessionsTable } from '../../src/db/schema.ts';
import { fontFiles } from '../../src/features/basemap/fonts.ts';
import { insertSpot } from '../../src/features/lists/test/factories.ts';
import { photoOfSpot } from '../../src/features/photos/test/fixtures.ts';
import { freshImport } from '../../src/features/imports/test/factories.ts';
import type { FuzzRequest } from './requests.ts';
import type { KnownValues } from './schema-arbitrary.ts';
import type { FuzzResponse } from './verdict.ts';

/** A browser's cookies over inject, kept by hand so fuzzed answers cannot change them. */
class Browser {
  cookies = new Map<string, string>();
  constructor(private readonly app: FastifyInstance) {}

  get cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async call(method: InjectOptions['method'], url: string, body?: unknown) {
    if (!this.cookies.has('csrftoken')) {
      const session = await this.app.inject({ method: 'GET', url: '/api/user/session/' });
      for (const c of session.cookies) this.cookies.set(c.name, c.value);
    }
    const response = await this.app.inject({
      method,
      url,
      ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
      headers: { cookie: this.cookieHeader, 'x-csrftoken': this.cookies.get('csrftoken')! },
    });
    for (const c of response.cookies) this.cookies.set(c.name, c.value);
    if (response.statusCode >= 400) throw new Error(`${method} ${url}: ${response.body}`);
    return response.json<Record<string, unknown> & { id: number }>();
  }
}

export interface FuzzWorld {
  known: KnownValues;
  send(request: FuzzRequest): Promise<FuzzResponse>;
  /** whether the "user" actor is still signed in (the fuzzer's requests are really theirs) */
  userSignedIn(): Promise<boolean>;
}

let counter = 0;

/**
 * An app with some data: two users, each with a shareable and a private list holding
 * spots, one following the other's list. Fuzzed requests go out as the first user
 * ("user"), as a signed-out browser with a CSRF token ("anonymous"), or bare ("no-csrf").
 */
export async function buildWorld(app: FastifyInstance, ctx: AppContext): Promise<FuzzWorld> {
  const password = 'correct horse battery';
  const run = `${process.pid.toString(36)}${Date.now().toString(36)}${counter++}`;
  const signUp = async (name: string) => {
    const browser = new Browser(app);
    const email = `${name}@example.test`;
    const { user } = (await browser.call('POST', '/api/user/register/', {
      username: name,
      email,
      password,
    })) as unknown as { user: { id: number } };
    return { browser, id: user.id, name, email };
  };
  const alice = await signUp(`fuzzalice${run}`);
  const bob = await signUp(`fuzzbob${run}`);

  const listIds: number[] = [];
  const slugs: string[] = [];
  const reviewIds: number[] = [];
  for (const owner of [alice, bob]) {
    for (const shareable_by_link of [true, false]) {
      const list = await owner.browser.call('POST', '/api/lists/list/', {
        name: `${shareable_by_link ? 'Shared' : 'Private'} café`,
        description: 'Coffee and cake',
        shareable_by_link,
      });
      listIds.push(list.id);
      slugs.push(String(list.slug));
      for (let i = 0; i < 2; i++) {
        const reviewId = await insertSpot(ctx.db, owner.id, {
          name: `Spot ${i} of ${list.id}`,
          visited: true,
        });
        reviewIds.push(reviewId);
        await owner.browser.call('POST', '/api/list_reviews/list_review/', {
          list: list.id,
          review: reviewId,
        });
      }
    }
  }
  const follow = await bob.browser.call('POST', '/api/saved_lists/saved_list/', {
    list_slug: slugs[0],
  });
  const placeIds = (await ctx.db.selectFrom('places').select('id').execute()).map((p) => p.id);
  placeIds.push(...(await ctx.places.searchCities('paris')).slice(0, 2).map((p) => p.id));

  const anonymous = new Browser(app);
  await anonymous.call('GET', '/api/user/session/');
  // The fuzzer may sign the user out; its session row is put back after /api/user/ calls.
  const sessions: Selectable<SessionsTable>[] = await ctx.db
    .selectFrom('sessions')
    .selectAll()
    .where('user_id', '=', alice.id)
    .execute();
  const restoreSessions = () =>
    ctx.db
      .insertInto('sessions')
      .values(sessions)
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();

  // A photo on each of the user's spots, so the photo routes get ids that exist.
  const photoIds = await Promise.all(
    reviewIds.slice(0, 4).map(async (id) => (await photoOfSpot(ctx.db, id, alice.id)).id),
  );
  // Imports of the user's, so the import routes get ids (and row indexes) that exist.
  const importIds = [await freshImport(ctx.db, alice.id), await freshImport(ctx.db, alice.id)];
  const ids = [...listIds, ...reviewIds, follow.id, ...photoIds, ...importIds];
  const KNOWN: Record<string, readonly (string | number)[]> = {
    key: [...listIds.map(String), ...slugs, `${alice.name}-nope`],
    slug: slugs,
    list_slug: slugs,
    id: [...ids, ...placeIds],
    listId: listIds,
    reviewId: reviewIds,
    photoId: photoIds,
    index: [0, 1],
    list: listIds,
    review: reviewIds,
    list_id: listIds,
    lists: listIds,
    placeId: placeIds,
    areaId: placeIds,
    username: [alice.name, bob.name],
    username_or_email: [alice.name, bob.email],
    email: [alice.email, bob.email],
    password: [password],
    list_name: slugs,
    z: [0, 1, 2, 3],
    x: [0, 1, 2],
    y: [0, 1, 2],
    file: fontFiles()
      .slice(0, 2)
      .map((f) => f.file),
    width: [200, 400],
    height: [150, 300],
  };

  return {
    known: (field) => KNOWN[field] ?? [],
    async userSignedIn() {
      const response = await app.inject({
        method: 'GET',
        url: '/api/user/session/',
        headers: { cookie: alice.browser.cookieHeader },
      });
      return response.json<{ user: { id: number } | null }>().user?.id === alice.id;
    },
    async send(request) {
      const browser = request.actor === 'user' ? alice.browser : anonymous;
      const headers: Record<string, string> = { ...request.headers };
      if (request.actor !== 'no-csrf') {
        headers.cookie = browser.cookieHeader;
        headers['x-csrftoken'] = browser.cookies.get('csrftoken')!;
      }
      const response = await app.inject({
        method: request.method,
        url: request.url,
        headers,
        ...(request.payload === undefined ? {} : { payload: request.payload }),
      });
      if (request.actor === 'user' && request.url.startsWith('/api/user/')) await restoreSessions();
      return { statusCode: response.statusCode, headers: response.headers, body: response.body };
    },
  };
}
