import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  signedInUser,
  TestClient,
  type TestApp,
  type TestUser,
} from '../../../test/helper.ts';
import { EXAMPLE_LIST_DATA } from './examples/example-data.ts';
import { EXAMPLE_ACCOUNT, exampleLists } from './examples/example-lists.ts';
import { embeddedPlaces, seedExampleLists } from './examples/seed.ts';

/** The real embedded places data (the test app's provider), as on a real first start. */
const places = (t: TestApp) => () => embeddedPlaces(t.ctx, t.app.log);

describe('example lists (issue 5 §2)', () => {
  let t: TestApp;
  let viewer: TestUser;
  beforeAll(async () => {
    t = await createTestApp(); // EXAMPLE_LISTS is off in tests: nothing seeded at start
    viewer = await signedInUser(t.app);
  });
  afterAll(() => t.close());

  it('are not created when EXAMPLE_LISTS is off', async () => {
    expect(await exampleLists(t.ctx.db)).toEqual([]);
    expect((await viewer.client.get('/api/lists/examples/')).json()).toEqual({ results: [] });
  });

  it('are two real shareable lists of the example account, full of real places', async () => {
    expect(await seedExampleLists(t.ctx.db, places(t))).toBe('created');
    const { results } = (await viewer.client.get('/api/lists/examples/')).json();
    expect(results).toEqual([
      {
        name: 'Paris classics',
        slug: 'spotbook-paris-classics',
        description: EXAMPLE_LIST_DATA[0]!.description,
        owner_username: EXAMPLE_ACCOUNT.username,
        spot_count: 6,
      },
      expect.objectContaining({ name: 'Tokyo first trip', slug: 'spotbook-tokyo-first-trip' }),
    ]);
    const tokyo = await new TestClient(t.app).get('/api/lists/list/spotbook-tokyo-first-trip');
    const body = tokyo.json();
    expect(body.spot_count).toBe(6);
    // In the data's order (newest-added first), every spot with its place and note.
    expect(
      body.reviews.map(
        (r: { place_details: { displayName: string } }) => r.place_details.displayName,
      ),
    ).toEqual(EXAMPLE_LIST_DATA[1]!.spots.map((s) => s.place));
    expect(body.reviews[0]).toMatchObject({
      rating: 0,
      visited: false,
      notes: "Tokyo's oldest temple.",
      place_details: {
        id: 'lm:jp-tokyo-senso-ji',
        city: 'Tokyo',
        country: 'Japan',
        editorialSummary: expect.stringContaining('temple'),
      },
    });
  });

  it('can be followed, and their account cannot be signed in to', async () => {
    const follow = await viewer.client.post('/api/saved_lists/saved_list/', {
      list_slug: 'spotbook-paris-classics',
    });
    expect(follow.statusCode).toBe(201);
    const login = await new TestClient(t.app).post('/api/user/login/', {
      username_or_email: EXAMPLE_ACCOUNT.username,
      password: EXAMPLE_ACCOUNT.passwordHash,
    });
    expect(login.statusCode).toBe(400);
  });

  it('are created once: a second start skips them', async () => {
    expect(await seedExampleLists(t.ctx.db, places(t))).toBe('exists');
    expect(await exampleLists(t.ctx.db)).toHaveLength(2);
  });
});

describe('example lists on two servers starting at once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('are created by exactly one of them', async () => {
    const outcomes = await Promise.all([
      seedExampleLists(t.ctx.db, places(t)),
      seedExampleLists(t.ctx.db, places(t)),
    ]);
    // The other lost the race ('taken'), or, when its first query came after the winner's
    // commit (a new PostgreSQL connection under load), found them made ('exists').
    expect(outcomes.filter((outcome) => outcome === 'created')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome !== 'created')).toEqual([
      expect.stringMatching(/^(taken|exists)$/),
    ]);
    const lists = await t.ctx.db.selectFrom('lists').select('slug').orderBy('slug').execute();
    expect(lists).toEqual([
      { slug: 'spotbook-paris-classics' },
      { slug: 'spotbook-tokyo-first-trip' },
    ]);
  });
});
