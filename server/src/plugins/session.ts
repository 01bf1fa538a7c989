import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { User } from '@spotbook/contract';
import type { Config } from '../config.ts';
import type { Db } from '../db/connection.ts';
import { compiledOnce } from '../db/compiled-once.ts';
import { isPostgres } from '../db/dialect.ts';
import { perTurnLoader } from '../db/per-turn-loader.ts';
import { listCountQueries, type ListCounts } from '../features/lists/list-counts.ts';
import { noSpotCounters, type SpotCounters } from '../features/reviews/spot-counters.ts';
import { clock } from '../lib/clock.ts';
import { notAuthenticated } from '../lib/errors.ts';
import { randomToken, sha256 } from '../lib/tokens.ts';
import { matchedApiRoute } from './api-route.ts';
import { startReadBesideSession } from './read-beside-session.ts';

export const SESSION_COOKIE = 'sessionid';
const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;

declare module 'fastify' {
  interface FastifyRequest {
    /** the signed-in user, or null; loaded once per /api/ request */
    user: User | null;
    /** hashed id of the current session row, when there is one */
    sessionId: string | null;
    /**
     * The signed-in user's gallery version and spot counters (`spot_counts`, zeros before
     * their first spot), read with the session: the gallery's response cache compares the
     * version instead of reading it again, and a page of all, visited or not visited spots
     * takes its count from them. Null when signed out.
     */
    galleryCounters: SpotCounters | null;
    /** The signed-in user's list counts, read with the session for a route that asks for them. */
    listCounts: ListCounts | null;
    /**
     * The session a write checks inside its own statement (`SessionGuard`): the signed-in
     * one, or on a `writesBesideSession` route the one the cookie names while its read is
     * pending. Null when there is none.
     */
    sessionGuard: SessionGuard | null;
    /** The session's read, not yet waited for (`writesBesideSession`); `settleSession`. */
    pendingSession: Promise<void> | null;
  }
  interface FastifyContextConfig {
    /** The route answers the user's list counts: the session's read brings them too. */
    readsListCounts?: boolean;
    /**
     * The route's write checks the session inside its own statement (`SessionGuard`), so
     * on PostgreSQL the hook need not wait for the session's read before the write is sent.
     */
    writesBesideSession?: boolean;
  }
}

/**
 * A session as a write checks it inside its statement: the row `rowId` of user `userId`,
 * unexpired at `at`, the instant the session hook checks its read against (one instant
 * for both checks, so they cannot disagree about an expiry).
 */
export interface SessionGuard {
  rowId: string;
  userId: number;
  at: number;
}

/** Stands for "no session of this turn asked for list counts": no row id is this string. */
const NO_SESSION = '-';

// Every signed-in /api/ request runs this lookup: it is compiled once and run with the
// session ids (building the query each time cost as much as running it). It also reads
// the user's gallery version, which every gallery request needs before anything else:
// one round trip less on the commonest request (decision 023, session 14); and the spot
// counters at that version, a page's count without a statement of its own (session 28);
// and for the sessions in `withLists`, the metadata's list counts (session 33): CASE
// counts them for those rows only.
const sessionsByIds = compiledOnce(
  (db, ids: string[], withLists: string[]) =>
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .leftJoin('spot_counts', 'spot_counts.user_id', 'users.id')
      .select((eb) => {
        const counts = listCountQueries(eb);
        // Kysely's builders are immutable: one CASE head serves both counts.
        const forAsking = eb.case().when('sessions.id', 'in', withLists);
        return [
          'sessions.id as session_id',
          'users.id',
          'users.username',
          'users.email',
          'sessions.expires_at',
          'spot_counts.version',
          'spot_counts.total',
          'spot_counts.visited',
          forAsking.then(counts.lists).end().as('list_count'),
          forAsking.then(counts.followed).end().as('followed_count'),
        ];
      })
      .where('sessions.id', 'in', ids),
  64,
);

type SessionRow = Awaited<ReturnType<typeof sessionsByIds>>[number];

/**
 * Reads sessions by row id, the requests of one turn of the event loop in one statement;
 * with list counts for the ids asked `withListCounts`.
 */
function sessionReader(db: Db) {
  const listsAskedFor = new Set<string>();
  const load = perTurnLoader<string, SessionRow>(async (ids) => {
    const withLists = ids.filter((id) => listsAskedFor.delete(id));
    const rows = await sessionsByIds(db, ids, withLists.length ? withLists : [NO_SESSION]);
    return new Map(rows.map((row) => [row.session_id, row]));
  }, 64);
  return (id: string, withListCounts: boolean) => {
    if (withListCounts) listsAskedFor.add(id);
    return load(id);
  };
}

/**
 * Server-side sessions: the cookie holds a random token (signed with SESSION_SECRET),
 * the sessions table holds its hash, so every app server on one database shares them
 * and logout or a password reset can end them for real.
 */
export function registerSessions(app: FastifyInstance, db: Db): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('galleryCounters', null);
  app.decorateRequest('listCounts', null);
  app.decorateRequest('sessionGuard', null);
  app.decorateRequest('pendingSession', null);
  const readSession = sessionReader(db);
  // The user of each session row this process has read: a row's user never changes, so a
  // write may name them before the row is read again (`writesBesideSession`).
  const userOfRow = new LRUCache<string, number>({ max: 10_000 });
  const writesBeside = isPostgres(db);
  // The row id a validly signed cookie names is a function of the cookie alone: kept for
  // the cookies in use instead of an HMAC and a hash on every request (5 % of a spot's
  // CPU). Whether the session still exists is read from the database every time.
  const rowIds = new LRUCache<string, string>({ max: 10_000 });
  const rowIdOf = (request: FastifyRequest, raw: string): string | undefined => {
    const known = rowIds.get(raw);
    if (known) return known;
    const unsigned = request.unsignCookie(raw);
    if (!unsigned.valid || !unsigned.value) return undefined;
    const id = sha256(unsigned.value);
    rowIds.set(raw, id);
    return id;
  };
  app.addHook('onRequest', async (request) => {
    // By the matched route, not the raw URL, which the router decodes (/%61pi/… is /api/…).
    if (!matchedApiRoute(request)) return;
    startReadBesideSession(request);
    const raw = request.cookies[SESSION_COOKIE];
    if (!raw) return;
    const id = rowIdOf(request, raw);
    if (!id) return;
    const { config } = request.routeOptions;
    const at = clock.now();
    const reading = readSession(id, config.readsListCounts === true);
    const applied = reading.then((row) => {
      if (row) userOfRow.set(id, row.id);
      if (row && row.expires_at >= at) applySession(request, row, at);
    });
    // On PostgreSQL each statement in a row is a wait under load (decision 023, session
    // 41): a write that checks the session itself is sent without waiting for this read,
    // for a session whose user this process knows. SQLite has no round trips to save.
    const userId = userOfRow.get(id);
    if (writesBeside && config.writesBesideSession && userId !== undefined) {
      applied.catch(() => {}); // awaited by settleSession, which answers its failure
      request.sessionGuard = { rowId: id, userId, at };
      request.pendingSession = applied;
      return;
    }
    await applied;
  });
}

/** The request's user and what the session's read brought with them. */
function applySession(request: FastifyRequest, row: SessionRow, at: number) {
  request.user = { id: row.id, username: row.username, email: row.email };
  request.sessionId = row.session_id;
  request.sessionGuard = { rowId: row.session_id, userId: row.id, at };
  request.galleryCounters =
    row.version === null
      ? noSpotCounters()
      : { version: row.version, total: row.total ?? 0, visited: row.visited ?? 0 };
  if (row.list_count !== null && row.followed_count !== null)
    request.listCounts = { lists: Number(row.list_count), followed: Number(row.followed_count) };
}

/**
 * Waits for the session's read the hook did not wait for (`writesBesideSession`): after
 * it, `request.user` is as if the hook had waited.
 */
export async function settleSession(request: FastifyRequest): Promise<void> {
  const pending = request.pendingSession;
  if (!pending) return;
  request.pendingSession = null;
  try {
    await pending;
  } finally {
    // As the hook would have left it: a guard only with a session.
    if (!request.user) request.sessionGuard = null;
  }
}

/** Starts a new session (a fresh id every time: rotation at login) and sets the cookie. */
export async function startSession(db: Db, config: Config, reply: FastifyReply, userId: number) {
  const token = randomToken();
  const now = clock.now();
  await db
    .insertInto('sessions')
    .values({
      id: sha256(token),
      user_id: userId,
      created_at: now,
      expires_at: now + SESSION_TTL_MS,
    })
    .execute();
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    signed: true,
    maxAge: SESSION_TTL_MS / 1000,
  });
}

export async function endSession(db: Db, request: FastifyRequest, reply: FastifyReply) {
  if (request.sessionId)
    await db.deleteFrom('sessions').where('id', '=', request.sessionId).execute();
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  request.user = null;
  request.sessionId = null;
  request.galleryCounters = null;
  request.listCounts = null;
  request.sessionGuard = null;
}

/**
 * onRequest of routes that need a signed-in user (contract §2's 403 detail). A session
 * whose read is pending is checked by the route's write, or before validation if its
 * body will not be written (pending-session.ts).
 */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user && !request.pendingSession) throw notAuthenticated();
}

/**
 * The session a `writesBesideSession` route writes with, its read perhaps pending: the
 * write checks it in its own statement. 403 without one.
 */
export function writingSession(request: FastifyRequest): SessionGuard {
  if (!request.sessionGuard) throw notAuthenticated();
  return request.sessionGuard;
}

/** The signed-in user of a route guarded by requireUser. */
export function currentUser(request: FastifyRequest): User {
  if (!request.user) throw notAuthenticated();
  return request.user;
}
