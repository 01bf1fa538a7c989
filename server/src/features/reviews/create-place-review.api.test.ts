import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUTH_REQUIRED_DETAIL, REVIEW_MESSAGES } from '@spotbook/contract';
import { createList, createPlace, sessionOf } from '../../../test/factories.ts';
import {
  signedInUser,
  testDialect,
  TestClient,
  type TestUser,
  useTestApp,
} from '../../../test/helper.ts';
import { StatementTimeline } from '../../../test/statement-timeline.ts';
import { createPlaceReview } from './create.ts';

let eiffelId: string;
const PARIS_CITY = 'gn:2988507';

const { t, alice } = useTestApp({ users: ['alice'] });
beforeAll(async () => {
  // A real id of the embedded provider, found the way the web finds it.
  const found = await t.ctx.places.searchPlaces('eiffel tower', { lat: 48.8566, lng: 2.3522 });
  eiffelId = found[0]!.id;
});

const create = (user: TestUser | TestClient, body: Record<string, unknown>) =>
  ('client' in user ? user.client : user).post('/api/reviews/create-place-review/', body);
const placeRows = (id: string) =>
  t.ctx.db.selectFrom('places').selectAll().where('id', '=', id).execute();

/** The spots on a list, by id, in the order the database gives them. */
const entriesOf = async (listId: number) =>
  (
    await t.ctx.db
      .selectFrom('list_reviews')
      .select('review_id')
      .where('list_id', '=', listId)
      .execute()
  ).map((e) => e.review_id);

async function expectAnswerAsRead(user: TestUser, created: { id: number; firstSpot?: boolean }) {
  const spot: Record<string, unknown> = { ...created };
  delete spot.firstSpot; // the create's own field
  expect((await user.client.get(`/api/reviews/review/${created.id}/`)).json()).toEqual(spot);
}

describe('POST /api/reviews/create-place-review/', () => {
  it('creates a spot of a provider place, with details from the provider only', async () => {
    const bob = await signedInUser(t.app);
    const response = await create(bob, {
      place: { id: eiffelId, displayName: 'Hacked name', formattedAddress: 'nowhere', lat: 0 },
      review: { review: 'Sparkles on the hour', rating: 5 },
    });
    expect(response.statusCode, response.body).toBe(201);
    const spot = response.json();
    expect(spot).toMatchObject({
      user: bob.id,
      review: 'Sparkles on the hour',
      rating: 5,
      visited: false,
      firstSpot: true,
      place_details: { id: eiffelId, displayName: 'Eiffel Tower', city: 'Paris' },
    });
    const [stored] = await placeRows(eiffelId);
    expect(stored?.display_name).toBe('Eiffel Tower');
    // The answer is the spot as reading it shows it (create.ts builds it, not a read).
    await expectAnswerAsRead(bob, spot);

    // A second user's request never rewrites the stored place (on PostgreSQL it is now a
    // place the server knows: the one-statement create).
    const second = await create(alice, { place: { id: eiffelId, editorialSummary: 'mine' } });
    expect(second.statusCode).toBe(201);
    expect(second.json().place_details.editorialSummary).toBe(stored?.editorial_summary);
    await expectAnswerAsRead(alice, second.json());
    expect(await placeRows(eiffelId)).toEqual([stored]);
  });

  it('shows the stored place, not the provider’s, when another server stored it first', async () => {
    const placeId = await createPlace(t.ctx, {
      id: 'lm:stored-elsewhere',
      editorial_summary: 'kept',
    });
    const created = await create(alice, { place: { id: placeId, editorialSummary: 'mine' } });
    expect(created.statusCode).toBe(201);
    expect(created.json().place_details.editorialSummary).toBe('kept');
    await expectAnswerAsRead(alice, created.json());
  });

  it('says firstSpot only on the caller’s first spot', async () => {
    const carol = await signedInUser(t.app);
    const first = await create(carol, { place: { id: PARIS_CITY }, review: { visited: true } });
    expect([first.statusCode, first.json().firstSpot, first.json().visited]).toEqual([
      201,
      true,
      true,
    ]);
    const next = await create(carol, { place: { id: await createPlace(t.ctx) } });
    expect([next.statusCode, next.json().firstSpot]).toEqual([201, false]);
  });

  it('keeps one spot per place: a second create is a 400 naming the spot, and adds it to the list', async () => {
    const dave = await signedInUser(t.app);
    const placeId = await createPlace(t.ctx);
    const spot = (await create(dave, { place: { id: placeId } })).json();
    const list = await createList(t.ctx, dave.id);
    for (let attempt = 0; attempt < 2; attempt++) {
      const again = await create(dave, { place: { id: placeId }, list_id: String(list.id) });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ detail: REVIEW_MESSAGES.alreadyReviewed, review_id: spot.id });
    }
    expect(await entriesOf(list.id)).toEqual([spot.id]);
  });

  it('puts a new spot on the caller’s list, and refuses someone else’s list', async () => {
    const erin = await signedInUser(t.app);
    const list = await createList(t.ctx, erin.id);
    const created = await create(erin, {
      place: { id: await createPlace(t.ctx) },
      list_id: list.id,
    });
    expect(created.statusCode).toBe(201);
    const lists = await erin.client.get(
      `/api/list_reviews/list_review/for-review/${created.json().id}/`,
    );
    expect(lists.json().map((l: { id: number }) => l.id)).toEqual([list.id]);

    const othersList = await createList(t.ctx, alice.id);
    const placeId = await createPlace(t.ctx);
    const refused = await create(erin, { place: { id: placeId }, list_id: othersList.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe(REVIEW_MESSAGES.notYourList);
    expect((await erin.client.get('/api/reviews/review/')).json().count).toBe(1);
  });

  it('saves a new spot and its list entry both or neither', async () => {
    const frank = await signedInUser(t.app);
    const list = await createList(t.ctx, frank.id);
    // The database refuses this list's entries, as it would a list deleted mid-request.
    const refuseEntries = await refuseEntriesOf(list.id);
    try {
      const failed = await create(frank, {
        place: { id: await createPlace(t.ctx) },
        list_id: list.id,
      });
      expect(failed.statusCode).toBe(500);
      expect(failed.json().detail).not.toContain('refused');
    } finally {
      await refuseEntries.drop();
    }
    expect((await frank.client.get('/api/reviews/review/')).json().count).toBe(0);
  });

  it('refuses unknown place ids and other users’ custom places alike', async () => {
    const owner = await signedInUser(t.app);
    const pin = await createPlace(t.ctx, { id: `custom:${owner.id}-pin`, owner_id: owner.id });
    for (const id of ['lm:no-such-place', 'gn:0', 'nonsense', pin]) {
      const response = await create(alice, { place: { id } });
      expect(response.statusCode, id).toBe(400);
      expect(response.json().detail).toBe(REVIEW_MESSAGES.unknownPlace);
    }
    expect(await placeRows('lm:no-such-place')).toEqual([]);
    const own = await create(owner, { place: { id: pin }, review: { review: 'my pin' } });
    expect(own.statusCode).toBe(201);
  });

  it('validates the review and needs a signed-in user', async () => {
    const long = await create(alice, {
      place: { id: PARIS_CITY },
      review: { review: 'x'.repeat(801) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual({ 'review.review': [REVIEW_MESSAGES.reviewTooLong] });
    const rating = await create(alice, { place: { id: PARIS_CITY }, review: { rating: 9 } });
    expect(rating.json().errors).toEqual({ 'review.rating': [REVIEW_MESSAGES.ratingRange] });
    const anonymous = await create(new TestClient(t.app), { place: { id: PARIS_CITY } });
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json().detail).toBe(AUTH_REQUIRED_DETAIL);
  });
});

/** A trigger that makes the database refuse every new entry of the list (one per test app). */
async function refuseEntriesOf(listId: number) {
  const run = (statement: string) => sql.raw(statement).execute(t.ctx.db);
  if (testDialect() === 'postgres') {
    await run(`CREATE FUNCTION refuse_entry() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused'; END $$`);
    await run(`CREATE TRIGGER refuse_entry BEFORE INSERT ON list_reviews FOR EACH ROW
      WHEN (NEW.list_id = ${listId}) EXECUTE FUNCTION refuse_entry()`);
  } else {
    await run(`CREATE TRIGGER refuse_entry BEFORE INSERT ON list_reviews
      WHEN NEW.list_id = ${listId} BEGIN SELECT RAISE(ABORT, 'refused'); END`);
  }
  return {
    drop: async () => {
      await run(
        testDialect() === 'postgres'
          ? 'DROP TRIGGER refuse_entry ON list_reviews'
          : 'DROP TRIGGER refuse_entry',
      );
      if (testDialect() === 'postgres') await run('DROP FUNCTION refuse_entry()');
    },
  };
}

describe('creating a spot', () => {
  it('reads the stored place while the list, an earlier spot and a first one are checked', async () => {
    // On PostgreSQL each is a round trip: sent together, the write waits for one, not two.
    const bob = await signedInUser(t.app);
    const list = await createList(t.ctx, bob.id, { name: 'Towers' });
    const stored = await createPlace(t.ctx, { display_name: 'Old tower' });
    const timeline = new StatementTimeline();

    const outcome = await createPlaceReview(
      timeline.watch(t.ctx.db),
      t.ctx.places,
      await sessionOf(t.ctx, bob),
      {
        place: { id: stored },
        review: { review: 'Windy', rating: 4, visited: true },
        list_id: list.id,
      },
    );

    expect(outcome).toMatchObject({ kind: 'created', firstSpot: true });
    const checks = timeline.answerWith(['signed_in', 'own_list', 'existing', 'earlier']);
    const place = timeline.answerHaving('display_name');
    expect(checks).toBeGreaterThanOrEqual(0);
    expect(timeline.sentOf(place)).toBeGreaterThanOrEqual(0);
    expect(timeline.sentOf(place)).toBeLessThan(checks);
  });

  it('names the spot another tab saved while the provider was asked, and lists it once', async () => {
    const [louvre] = await t.ctx.places.searchPlaces('louvre', { lat: 48.8606, lng: 2.3376 });
    let otherTabId: number | undefined;
    const review = { review: 'Busy', rating: 4, visited: true };
    const eve = await signedInUser(t.app);
    const list = await createList(t.ctx, eve.id);
    // The place is not stored yet: the provider is asked, and the other tab saves meanwhile.
    const otherTabSavesMeanwhile = {
      getPlace: async (id: string) => {
        const saved = await createPlaceReview(t.ctx.db, t.ctx.places, await sessionOf(t.ctx, eve), {
          place: { id },
          review,
        });
        otherTabId = saved.kind === 'created' ? saved.id : undefined;
        return t.ctx.places.getPlace(id);
      },
    };

    const outcome = await createPlaceReview(
      t.ctx.db,
      otherTabSavesMeanwhile,
      await sessionOf(t.ctx, eve),
      {
        place: { id: louvre!.id },
        review,
        list_id: list.id,
      },
    );

    expect(otherTabId).toEqual(expect.any(Number));
    expect(outcome).toEqual({ kind: 'duplicate', id: otherTabId });
    expect(await entriesOf(list.id)).toEqual([otherTabId]);
    expect((await eve.client.get('/api/reviews/review/')).json().count).toBe(1);
  });

  it('checks and writes a spot of a place it knows in one statement on PostgreSQL', async () => {
    // The checks were a round trip before the write; a known place needs no read.
    const [ida, jay] = [await signedInUser(t.app), await signedInUser(t.app)];
    const list = await createList(t.ctx, jay.id);
    const placeId = await createPlace(t.ctx);
    const timeline = new StatementTimeline();
    const db = timeline.watch(t.ctx.db);
    const review = { review: 'Quiet', rating: 3, visited: false };
    await createPlaceReview(db, t.ctx.places, await sessionOf(t.ctx, ida), {
      place: { id: placeId },
      review,
    });
    timeline.clear();

    const outcome = await createPlaceReview(db, t.ctx.places, await sessionOf(t.ctx, jay), {
      place: { id: placeId },
      review,
      list_id: list.id,
    });

    expect(outcome).toMatchObject({ kind: 'created', firstSpot: true });
    const answers = timeline.events.filter((e) => e.kind === 'answered');
    if (testDialect() === 'postgres') {
      expect(answers.map((e) => e.columns)).toEqual([
        ['created', 'earlier', 'existing', 'own_list', 'signed_in'],
      ]);
    } else {
      const checks = ['earlier', 'existing', 'own_list', 'signed_in'];
      expect(timeline.answerWith(checks)).toBeGreaterThanOrEqual(0);
    }
    expect(await entriesOf(list.id)).toEqual([outcome.kind === 'created' && outcome.id]);
  });
});

describe('creating a spot of a place the server knows', () => {
  /** A place alice has a spot of: the server has read or stored it. */
  async function knownPlace() {
    const placeId = await createPlace(t.ctx);
    expect((await create(alice, { place: { id: placeId } })).statusCode).toBe(201);
    return placeId;
  }

  it('refuses someone else’s list and writes nothing', async () => {
    const kim = await signedInUser(t.app);
    const alicesList = await createList(t.ctx, alice.id);
    const refused = await create(kim, {
      place: { id: await knownPlace() },
      list_id: alicesList.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe(REVIEW_MESSAGES.notYourList);
    expect((await kim.client.get('/api/reviews/review/')).json().count).toBe(0);
    expect(await entriesOf(alicesList.id)).toEqual([]);
  });

  it('puts a new spot on the list, a second create names it, and one on no list is on none', async () => {
    const [lee, max] = [await signedInUser(t.app), await signedInUser(t.app)];
    const list = await createList(t.ctx, lee.id);
    const placeId = await knownPlace();
    const created = await create(lee, { place: { id: placeId }, list_id: list.id });
    expect([created.statusCode, created.json().firstSpot]).toEqual([201, true]);
    await expectAnswerAsRead(lee, created.json());
    const again = await create(lee, { place: { id: placeId }, list_id: list.id });
    expect(again.json()).toEqual({
      detail: REVIEW_MESSAGES.alreadyReviewed,
      review_id: created.json().id,
    });
    expect(await entriesOf(list.id)).toEqual([created.json().id]);

    const alone = await create(max, { place: { id: placeId } });
    expect(alone.statusCode).toBe(201);
    const onLists = await max.client.get(
      `/api/list_reviews/list_review/for-review/${alone.json().id}/`,
    );
    expect(onLists.json()).toEqual([]);
  });

  it('keeps one spot when two tabs save the same place at once', async () => {
    const ned = await signedInUser(t.app);
    const list = await createList(t.ctx, ned.id);
    const placeId = await knownPlace();
    const answers = await Promise.all(
      [0, 1].map(() => create(ned, { place: { id: placeId }, list_id: list.id })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400]);
    const spot = answers.find((a) => a.statusCode === 201)!.json();
    expect(answers.find((a) => a.statusCode === 400)!.json().review_id).toBe(spot.id);
    expect((await ned.client.get('/api/reviews/review/')).json().count).toBe(1);
    expect(await entriesOf(list.id)).toEqual([spot.id]);
  });
});
