import { hashPassword } from '../src/features/auth/passwords.ts';
import { createUser } from '../src/features/auth/repository.ts';
import { encodeUid, issueResetToken } from '../src/features/auth/reset-tokens.ts';
import { createList, type CreatedList } from '../src/features/lists/test/factories.ts';
import { PhotoCache } from '../src/features/places/photos.ts';
import { createPlace, createSpot } from './factories.ts';
import { TestClient, uniqueName, type TestApp } from './helper.ts';

/** The five columns of the authorization matrix. */
export const ACTORS = ['anonymous', 'owner', 'other', 'viewer', 'follower'] as const;
export type Actor = (typeof ACTORS)[number];

const PASSWORD = 'correct horse battery';

interface Account {
  id: number;
  username: string;
  email: string;
}

/**
 * Everything the matrix's requests point at. The shared part (lists, spots, places, a
 * follow) is only ever read; every write goes to a disposable fixture made for its cell
 * (the `fresh…` builders), so no cell depends on the order the others ran in.
 *
 * - owner: owns `privateList` (holding `privateSpot`), `sharedList` (shareable by
 *   link, holding `sharedSpot`), `unsharedList` (shareable and followed, then made
 *   private, holding `unsharedSpot`) and a custom place; `deletedList` was theirs;
 * - viewer: a signed-in non-owner who opens the shareable list (nothing server-side
 *   sets a viewer apart from `other`: that is the point, a shareable list needs no grant);
 * - follower: follows `sharedList` through the saved_lists API;
 * - other: a signed-in user with no relation to the owner's things;
 * - anonymous: a browser with no session (it still gets a CSRF cookie, as the web app does).
 */
export class MatrixFixtures {
  private constructor(
    readonly t: TestApp,
    private readonly passwordHash: string,
    readonly accounts: Record<Exclude<Actor, 'anonymous'>, Account>,
    readonly clients: Record<Actor, TestClient>,
  ) {}

  // Set by build(): the shared fixtures every read points at.
  privateList!: CreatedList;
  sharedList!: CreatedList;
  /** was shareable and followed by the follower, then made private by the owner */
  unsharedList!: CreatedList;
  /** was shareable and followed by the follower, then deleted by the owner */
  deletedList!: CreatedList;
  privateSpot!: number;
  sharedSpot!: number;
  unsharedSpot!: number;
  providerPlace!: string;
  customPlace!: string;
  photoPlace!: string;

  static async build(t: TestApp): Promise<MatrixFixtures> {
    // One hash for every account: argon2 is slow on purpose, and the matrix needs many.
    const passwordHash = await hashPassword(PASSWORD);
    const accounts = {} as Record<Exclude<Actor, 'anonymous'>, Account>;
    const clients = { anonymous: new TestClient(t.app) } as Record<Actor, TestClient>;
    const fx = new MatrixFixtures(t, passwordHash, accounts, clients);
    for (const actor of ['owner', 'other', 'viewer', 'follower'] as const) {
      accounts[actor] = await fx.account(actor);
      clients[actor] = await fx.signIn(accounts[actor].username);
    }
    const owner = clients.owner;
    fx.privateList = await createList(owner, { name: 'Private picks' });
    fx.sharedList = await createList(owner, { name: 'Shared picks', shareable_by_link: true });
    fx.privateSpot = await fx.freshSpot(fx.privateList.id);
    fx.sharedSpot = await fx.freshSpot(fx.sharedList.id);
    await fx.follow(fx.sharedList);
    await clients.viewer.get(`/api/lists/list/${fx.sharedList.slug}/`);
    fx.unsharedList = await fx.freshList(true);
    fx.unsharedSpot = await fx.freshSpot(fx.unsharedList.id);
    const unshare = await owner.patch(`/api/lists/list/${fx.unsharedList.id}/`, {
      shareable_by_link: false,
    });
    if (unshare.statusCode !== 200) throw new Error(`unshare failed: ${unshare.body}`);
    fx.deletedList = await fx.freshList(true);
    const deleted = await owner.delete(`/api/lists/list/${fx.deletedList.id}/`);
    if (deleted.statusCode !== 204) throw new Error(`delete failed: ${deleted.body}`);
    fx.providerPlace = await createPlace(t.ctx);
    fx.customPlace = await fx.freshCustomPlace();
    fx.photoPlace = await fx.placeWithCachedPhoto();
    return fx;
  }

  /** A user row written directly (one hash for all), so no sign-up limit is ever in play. */
  async account(prefix = 'user'): Promise<Account> {
    const username = uniqueName(prefix);
    const email = `${username}@example.test`;
    const user = await createUser(this.t.ctx.db, {
      username,
      email,
      passwordHash: this.passwordHash,
    });
    return { id: user.id, username, email };
  }

  async signIn(username: string): Promise<TestClient> {
    const client = new TestClient(this.t.app);
    const response = await client.post('/api/user/login/', {
      username_or_email: username,
      password: PASSWORD,
    });
    if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
    return client;
  }

  /** A new session of `actor` for a cell that signs in or out, so the shared one survives. */
  async freshClient(actor: Actor): Promise<TestClient> {
    return actor === 'anonymous'
      ? new TestClient(this.t.app)
      : this.signIn(this.accounts[actor].username);
  }

  /** Credentials of a disposable account (for the sign-in cells). */
  async freshCredentials() {
    const { username } = await this.account('login');
    return { username_or_email: username, password: PASSWORD };
  }

  /** A reset link's path parts for a disposable account, as the mail would carry them. */
  async freshResetLink() {
    const { id } = await this.account('reset');
    const token = await issueResetToken(this.t.ctx.db, id, 60);
    return { uidb64: encodeUid(id), token };
  }

  /** A new list of the owner; a shareable one is also followed by the follower. */
  async freshList(shareable: boolean): Promise<CreatedList & { followId?: number }> {
    const list = await createList(this.clients.owner, {
      name: `Cell ${uniqueName('l').slice(-12)}`,
      shareable_by_link: shareable,
    });
    return shareable ? { ...list, followId: await this.follow(list) } : list;
  }

  /**
   * A new list of `actor`'s own, private unless told otherwise. Anonymous has none: its
   * cells are refused before the list is read, so they point at one of the other user's.
   */
  freshListOf(actor: Actor, shareable = false): Promise<CreatedList> {
    const client = actor === 'anonymous' ? this.clients.other : this.clients[actor];
    const name = `Own ${uniqueName('l').slice(-12)}`;
    return createList(client, { name, shareable_by_link: shareable });
  }

  /** A new spot of the owner on a new place, on `listId` when given; its id. */
  async freshSpot(listId?: number): Promise<number> {
    const place = await createPlace(this.t.ctx);
    const owner = { ...this.accounts.owner, password: PASSWORD, client: this.clients.owner };
    const spot = await createSpot(owner, place, listId === undefined ? {} : { list_id: listId });
    return spot.id;
  }

  /** A stored provider place nobody has a spot of yet. */
  freshPlace(): Promise<string> {
    return createPlace(this.t.ctx);
  }

  /** The follower follows `list` through the saved_lists API; the entry's id. */
  async follow(list: CreatedList): Promise<number> {
    const response = await this.clients.follower.post('/api/saved_lists/saved_list/', {
      list_slug: list.slug,
    });
    if (response.statusCode !== 201) throw new Error(`follow failed: ${response.body}`);
    return response.json<{ id: number }>().id;
  }

  /** A new custom place (a pin) of the owner's; its id. */
  async freshCustomPlace(): Promise<string> {
    const response = await this.clients.owner.post('/api/places/custom/', {
      name: 'Our bench',
      primaryType: 'park',
      lat: 48.86,
      lng: 2.34,
    });
    if (response.statusCode !== 201) throw new Error(`custom place failed: ${response.body}`);
    return response.json<{ id: string }>().id;
  }

  /**
   * A provider place whose photo is already in the server's photo cache, put there by
   * the cache itself from a stand-in for the provider's image host (unreachable here).
   */
  private async placeWithCachedPhoto(): Promise<string> {
    const id = await createPlace(this.t.ctx, { photo_ref: 'places/matrix/photos/1' });
    const png = Buffer.from('89504e470d0a1a0a', 'hex');
    const imageHost = async () => new Response(png, { headers: { 'content-type': 'image/png' } });
    await new PhotoCache(this.t.ctx.config.DATA_DIR, imageHost).get(
      id,
      () => 'https://images.invalid/photo',
    );
    return id;
  }
}
