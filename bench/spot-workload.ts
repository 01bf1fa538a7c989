import { BenchClient, type Answer } from './bench-client.ts';

/**
 * Signed-in people creating lists and spots and editing spots through the real API, and
 * a ledger of every write the server acknowledged (a 2xx with its id), so a bench can
 * later prove each one is still there. A write without an answer (the server died under
 * it) is recorded apart: it may or may not have been committed, and either is correct.
 */
export type OpName =
  | 'create list'
  | 'create place'
  | 'create spot'
  | 'edit spot'
  | 'gallery read'
  | 'list read'
  | 'lists page read';

export interface Attempt {
  op: OpName;
  user: string;
  startedAt: number;
  endedAt: number;
  /** 'ok' (2xx), `http <status>`, or why no answer came */
  result: string;
  /** which upstream answered, when a proxy says so */
  upstream: string;
}

interface SpotVersion {
  text: string;
  acked: boolean;
}

interface SpotRecord {
  placeId: string;
  listId: number | null;
  /** the create's text, then every edit tried, in order; acked = the server said 2xx */
  versions: SpotVersion[];
}

export class SpotUser {
  readonly client: BenchClient;
  id = 0;
  readonly lists = new Map<number, string>();
  readonly customPlaces = new Set<string>();
  readonly spots = new Map<number, SpotRecord>();
  /** places this user tried a spot of: never tried twice, acked or not */
  readonly usedPlaces = new Set<string>();
  /** spot creates without an answer: place and list, to look up after the crash */
  readonly unansweredSpots: { placeId: string; listId: number | null }[] = [];
  private counter = 0;

  constructor(
    readonly username: string,
    base: string,
  ) {
    this.client = new BenchClient(base);
  }

  /** writes acknowledged so far: the account, lists, places, spot creates and edits */
  get ackedWrites(): number {
    let n = 1 + this.lists.size + this.customPlaces.size;
    for (const spot of this.spots.values()) n += spot.versions.filter((v) => v.acked).length;
    return n;
  }

  next(): number {
    return ++this.counter;
  }
}

export class Workload {
  readonly attempts: Attempt[] = [];
  inFlight = 0;
  /** set to stop every user loop after its current request */
  stopped = false;

  constructor(
    readonly users: SpotUser[],
    readonly rnd: () => number,
    /** place ids of the embedded provider, shared by everyone (one spot per place per user) */
    readonly placePool: string[],
    /** which response header names the upstream, if any */
    private readonly upstreamHeader = '',
  ) {}

  private async timed<T>(user: SpotUser, op: OpName, run: () => Promise<Answer<T>>) {
    const startedAt = Date.now();
    this.inFlight++;
    try {
      const answer = await run();
      const ok = answer.status >= 200 && answer.status < 300;
      this.record(user, op, startedAt, ok ? 'ok' : `http ${answer.status}`, answer.headers);
      return ok ? answer.body : undefined;
    } catch (error) {
      this.record(user, op, startedAt, failureKind(error));
      return undefined;
    } finally {
      this.inFlight--;
    }
  }

  private record(user: SpotUser, op: OpName, startedAt: number, result: string, h?: Headers) {
    const upstream = (this.upstreamHeader && h?.get(this.upstreamHeader)) || '';
    this.attempts.push({
      op,
      user: user.username,
      startedAt,
      endedAt: Date.now(),
      result,
      upstream,
    });
  }

  async createList(user: SpotUser) {
    const name = `${user.username} list ${user.next()}`;
    const list = await this.timed(user, 'create list', () =>
      user.client.call<{ id: number }>('POST', '/api/lists/list/', { name }),
    );
    if (list) user.lists.set(list.id, name);
  }

  /** A spot of a new custom place (two writes) or of an embedded place not used yet. */
  async createSpot(user: SpotUser) {
    const free = this.placePool.filter((id) => !user.usedPlaces.has(id));
    let placeId: string | undefined;
    if (free.length && this.rnd() < 0.5) {
      placeId = free[Math.floor(this.rnd() * free.length)]!;
    } else {
      const body = {
        name: `${user.username} place ${user.next()}`,
        primaryType: 'cafe',
        lat: this.rnd() * 120 - 60,
        lng: this.rnd() * 340 - 170,
      };
      const place = await this.timed(user, 'create place', () =>
        user.client.call<{ id: string }>('POST', '/api/places/custom/', body),
      );
      if (!place) return;
      user.customPlaces.add(place.id);
      placeId = place.id;
    }
    if (this.stopped) return;
    user.usedPlaces.add(placeId);
    const listIds = [...user.lists.keys()];
    const listId = listIds.length && this.rnd() < 0.7 ? this.pick(listIds) : null;
    const text = `${user.username} spot ${user.next()}`;
    const spot = await this.timed(user, 'create spot', () =>
      user.client.call<{ id: number }>('POST', '/api/reviews/create-place-review/', {
        place: { id: placeId },
        review: { review: text, rating: 1 + Math.floor(this.rnd() * 5), visited: true },
        list_id: listId,
      }),
    );
    if (spot) user.spots.set(spot.id, { placeId, listId, versions: [{ text, acked: true }] });
    else user.unansweredSpots.push({ placeId, listId });
  }

  async editSpot(user: SpotUser) {
    const ids = [...user.spots.keys()];
    if (!ids.length) return this.createSpot(user);
    const id = this.pick(ids);
    const version = { text: `${user.username} edit ${user.next()}`, acked: false };
    // Tried before sent: an edit the server committed but never answered is a version too.
    user.spots.get(id)!.versions.push(version);
    const body = { review: version.text, rating: 1 + Math.floor(this.rnd() * 5) };
    const answer = await this.timed(user, 'edit spot', () =>
      user.client.call('PUT', `/api/reviews/review/${id}/`, body),
    );
    version.acked = answer !== undefined;
  }

  async galleryRead(user: SpotUser) {
    await this.timed(user, 'gallery read', () => user.client.call('GET', '/api/reviews/review/'));
  }

  async listRead(user: SpotUser) {
    const ids = [...user.lists.keys()];
    if (!ids.length) return this.listsPageRead(user);
    const id = this.pick(ids);
    await this.timed(user, 'list read', () => user.client.call('GET', `/api/lists/list/${id}/`));
  }

  async listsPageRead(user: SpotUser) {
    await this.timed(user, 'lists page read', () =>
      user.client.call('GET', '/api/lists/list/?limit=20'),
    );
  }

  /**
   * Each user runs one request after another, chosen by `mix`, until stopped, waiting a
   * random 0…`thinkMs` between them (0: flat out).
   */
  async run(mix: [number, (user: SpotUser) => Promise<void>][], until: () => boolean, thinkMs = 0) {
    const total = mix.reduce((s, [w]) => s + w, 0);
    const choose = () => {
      let r = this.rnd() * total;
      for (const [weight, op] of mix) if ((r -= weight) < 0) return op;
      return mix[mix.length - 1]![1];
    };
    await Promise.all(
      this.users.map(async (user) => {
        while (!this.stopped && !until()) {
          await choose().call(this, user);
          if (thinkMs) await new Promise((r) => setTimeout(r, this.rnd() * thinkMs));
        }
      }),
    );
  }

  private pick<T>(items: T[]): T {
    return items[Math.floor(this.rnd() * items.length)]!;
  }
}

function failureKind(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') return 'timeout';
  const cause = error instanceof Error ? (error.cause as { code?: string } | undefined) : undefined;
  return `no answer (${cause?.code ?? (error instanceof Error ? error.message : 'error')})`;
}

/** Registers and signs in `count` users; answers them with their ids. */
export async function signedInUsers(base: string, prefix: string, count: number) {
  const users: SpotUser[] = [];
  for (let i = 0; i < count; i++) {
    const user = new SpotUser(`${prefix}${i}`, base);
    const answer = await user.client.call<{ user: { id: number } }>('POST', '/api/user/register/', {
      username: user.username,
      email: `${user.username}@example.test`,
      password: 'crash test password',
    });
    if (answer.status !== 201) {
      throw new Error(`register ${user.username}: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    user.id = answer.body.user.id;
    users.push(user);
  }
  return users;
}

/** City ids of the embedded place index, found the way the web's search finds them. */
export async function embeddedPlaceIds(client: BenchClient): Promise<string[]> {
  const ids = new Set<string>();
  for (const query of ['paris', 'london', 'tokyo', 'berlin', 'rome', 'lisbon', 'vienna', 'lima']) {
    const answer = await client.call<{ results: { id: string }[] }>(
      'GET',
      `/api/places/search/?query=${query}&kind=city`,
    );
    if (answer.status !== 200) throw new Error(`place search answered ${answer.status}`);
    for (const place of answer.body.results) ids.add(place.id);
  }
  return [...ids];
}

/** Direct reads of the database, for what the API has no read of (a bare custom place). */
export interface DatabaseProbe {
  existingPlaces(ids: string[]): Promise<Set<string>>;
  /** the user's spot of each place, with the lists holding it */
  spotsOfPlaces(userId: number, placeIds: string[]): Promise<Map<string, number[]>>;
}

export interface Verification {
  acked: number;
  found: number;
  problems: string[];
}

/**
 * Reads back, through the API, every write acknowledged to `user`: the session still
 * signs them in, every list and spot is there with its place and on its list, and each
 * spot's text is its last acknowledged version or a later (unanswered) one.
 */
export async function verifyUser(user: SpotUser, probe: DatabaseProbe): Promise<Verification> {
  const problems: string[] = [];
  let found = 0;
  const session = await user.client.read<{ user: { id: number } | null }>('/api/user/session/');
  if (session.body?.user?.id === user.id) found++;
  else problems.push(`${user.username}: signed out (session answered ${session.status})`);

  const spotsOnList = new Map<number, Set<number>>();
  for (const [id, name] of user.lists) {
    const list = await user.client.read<{ name: string; reviews: { id: number }[] }>(
      `/api/lists/list/${id}/`,
    );
    if (list.status === 200 && list.body.name === name) found++;
    else problems.push(`${user.username}: list ${id} answered ${list.status}`);
    spotsOnList.set(id, new Set(list.status === 200 ? list.body.reviews.map((r) => r.id) : []));
  }

  const places = await probe.existingPlaces([...user.customPlaces]);
  for (const id of user.customPlaces) {
    if (places.has(id)) found++;
    else problems.push(`${user.username}: custom place ${id} missing`);
  }

  for (const [id, spot] of user.spots) {
    const acked = spot.versions.filter((v) => v.acked).length;
    const answer = await user.client.read<{ review: string; place_details: { id: string } }>(
      `/api/reviews/review/${id}/`,
    );
    if (answer.status !== 200 || answer.body.place_details.id !== spot.placeId) {
      problems.push(`${user.username}: spot ${id} answered ${answer.status}`);
      continue;
    }
    if (spot.listId !== null && !spotsOnList.get(spot.listId)?.has(id)) {
      problems.push(`${user.username}: spot ${id} is not on list ${spot.listId}`);
    }
    const current = spot.versions.findIndex((v) => v.text === answer.body.review);
    const lost = spot.versions.slice(current + 1).filter((v) => v.acked).length;
    if (current < 0 || lost) {
      problems.push(
        `${user.username}: spot ${id} reads "${answer.body.review}", ${lost} edit(s) lost`,
      );
    }
    found += current < 0 ? 0 : acked - lost;
  }
  return { acked: user.ackedWrites, found, problems };
}

/**
 * Spot creates that got no answer: committed or not, each must be whole (a spot asked
 * for on a list is on it). Answers how many were committed, and the broken ones.
 */
export async function checkUnanswered(user: SpotUser, probe: DatabaseProbe) {
  const asked = user.unansweredSpots.splice(0);
  const spots = await probe.spotsOfPlaces(
    user.id,
    asked.map((a) => a.placeId),
  );
  const broken = asked
    .filter((a) => spots.has(a.placeId) && a.listId !== null)
    .filter((a) => !spots.get(a.placeId)!.includes(a.listId!))
    .map((a) => `${user.username}: unanswered spot of ${a.placeId} committed without its list`);
  return { committed: asked.filter((a) => spots.has(a.placeId)).length, broken };
}
