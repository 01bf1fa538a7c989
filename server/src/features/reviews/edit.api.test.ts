import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ListDetail, Review } from '@spotbook/contract';
import {
  addPhotoRow,
  createList,
  createPlace,
  createSpot,
  putOnList,
} from '../../../test/factories.ts';
import { useTestApp } from '../../../test/helper.ts';
import { StatementTimeline } from '../../../test/statement-timeline.ts';
import { editSpot } from './edit.ts';
import { findSpotToEdit } from './repository.ts';

/*
 * The spot page's form sends the text, stars, visited and the full set of lists on every
 * save. On PostgreSQL each statement is a round trip, and under load each answer waits for
 * the event loop's next turn: the edit reads the spot and checks the lists together, and
 * writes the spot and its lists in one statement, not a transaction of four (edit.ts,
 * list-reviews-repository.ts `updateSpotAndSetLists`). SQLite keeps its transaction.
 */

const { t, alice, bob } = useTestApp({ users: ['alice', 'bob'] });

const addPhotos = async (spot: number, count: number) => {
  for (let position = 0; position < count; position++) {
    await addPhotoRow(t.ctx, spot, alice.id, position);
  }
};

const entriesOf = (spotId: number) =>
  t.ctx.db
    .selectFrom('list_reviews')
    .select(['list_id', 'notes', 'added_at'])
    .where('review_id', '=', spotId)
    .orderBy('list_id')
    .execute();

describe('editing a spot as the form sends it', () => {
  it('reads the spot once, and on PostgreSQL writes once, the lists checked in the write', async () => {
    const [a, b] = [await createList(t.ctx, alice.id), await createList(t.ctx, alice.id)];
    const place = await createPlace(t.ctx, { display_name: 'Old mill' });
    const { id } = await createSpot(alice, place, { review: 'Wheel', list_id: a.id });
    const timeline = new StatementTimeline();

    const db = timeline.watch(t.ctx.db);
    const saved = await editSpot(db, alice.id, findSpotToEdit(db, id), {
      review: 'Wheel turning',
      rating: 5,
      visited: true,
      lists: [b.id],
    });

    // The read, then the write; SQLite's write is its transaction's four statements (the
    // lists check, the update, the removals, the additions). The answer is not read again.
    const statements = timeline.events.filter((e) => e.kind === 'answered').length;
    expect(statements).toBe(t.ctx.dialect === 'postgres' ? 2 : 5);
    expect(saved).toMatchObject({ id, review: 'Wheel turning', rating: 5, visited: true });
    expect((await entriesOf(id)).map((e) => e.list_id)).toEqual([b.id]);
    // The answer is what reading the spot again gives.
    const again = await alice.client.get(`/api/reviews/review/${id}/`);
    expect(again.json()).toEqual(saved);
  });

  it('answers with the photos and place as they were, and the edit as written', async () => {
    const place = await createPlace(t.ctx, { display_name: 'Glass house' });
    const { id } = await createSpot(alice, place, { review: 'Ferns', rating: 2 });
    await addPhotos(id, 2);
    const response = await alice.client.put(`/api/reviews/review/${id}/`, { rating: 3 });
    expect(response.statusCode).toBe(200);
    const answer = response.json<Review>();
    expect(answer.photos).toHaveLength(2);
    expect(answer).toMatchObject({ rating: 3, review: 'Ferns' });
    expect((await alice.client.get(`/api/reviews/review/${id}/`)).json()).toEqual(answer);
  });

  it('writes nothing when a list is not theirs, and says which field', async () => {
    const own = await createList(t.ctx, alice.id);
    const someoneElses = (await createList(t.ctx, alice.id)).id;
    await t.ctx.db
      .updateTable('lists')
      .set({ user_id: bob.id })
      .where('id', '=', someoneElses)
      .execute();
    const place = await createPlace(t.ctx, { display_name: 'Salt flats' });
    const { id } = await createSpot(alice, place, { review: 'White', list_id: own.id });
    const edit = { review: 'Blinding', rating: 1, visited: true, lists: [someoneElses] };
    await expect(
      editSpot(t.ctx.db, alice.id, findSpotToEdit(t.ctx.db, id), edit),
    ).rejects.toMatchObject({ statusCode: 400 });
    expect((await entriesOf(id)).map((e) => e.list_id)).toEqual([own.id]);
    const spot = (await alice.client.get(`/api/reviews/review/${id}/`)).json<Review>();
    expect(spot).toMatchObject({ review: 'White', visited: false });
    // A spot deleted between its read and the write is not found, lists or not.
    const read = findSpotToEdit(t.ctx.db, id);
    await t.ctx.db.deleteFrom('reviews').where('id', '=', id).execute();
    await expect(
      editSpot(t.ctx.db, alice.id, read, { rating: 2, lists: [own.id] }),
    ).rejects.toMatchObject({ statusCode: 404 });
  });

  it('leaves lists and spot as they were when the write fails part-way', async () => {
    const kept = await createList(t.ctx, alice.id);
    const doomed = await createList(t.ctx, alice.id);
    const place = await createPlace(t.ctx, { display_name: 'Stone bridge' });
    const { id } = await createSpot(alice, place, { review: 'Arches', list_id: kept.id });
    // The list is checked as hers, then goes before the write: its entry cannot be added.
    const db = new Proxy(t.ctx.db, {
      get(target, property) {
        if (property === 'updateTable' || property === 'with' || property === 'transaction') {
          return (...args: unknown[]) =>
            t.ctx.db
              .deleteFrom('lists')
              .where('id', '=', doomed.id)
              .execute()
              .then(() => (target[property] as (...a: unknown[]) => unknown)(...args));
        }
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
      },
    });
    await expect(
      editSpot(db, alice.id, findSpotToEdit(db, id), {
        review: 'Gone',
        rating: 1,
        visited: true,
        lists: [doomed.id],
      }),
    ).rejects.toThrow();
    expect((await entriesOf(id)).map((e) => e.list_id)).toEqual([kept.id]);
    const spot = (await alice.client.get(`/api/reviews/review/${id}/`)).json<Review>();
    expect(spot).toMatchObject({ review: 'Arches', visited: false });
  });

  it('makes the lists exactly those sent, keeps the notes of those it stays on, and every list shows it', async () => {
    const lists: { id: number; slug: string }[] = [];
    for (let n = 0; n < 4; n++) lists.push(await createList(t.ctx, alice.id));
    const place = await createPlace(t.ctx, { display_name: 'Lantern market' });
    const { id } = await createSpot(alice, place, { review: 'Stalls' });
    const neighbour = (await createSpot(alice, await createPlace(t.ctx, {}))).id;
    for (const list of lists) await putOnList(t.ctx, list.id, neighbour);
    const subset = fc.subarray(lists.map((list) => list.id));
    await fc.assert(
      fc.asyncProperty(subset, subset, fc.integer({ min: 0, max: 5 }), async (from, to, stars) => {
        await t.ctx.db.deleteFrom('list_reviews').where('review_id', '=', id).execute();
        for (const listId of from) await putOnList(t.ctx, listId, id);
        await t.ctx.db
          .updateTable('list_reviews')
          .set({ notes: 'kept note' })
          .where('review_id', '=', id)
          .execute();
        const before = await entriesOf(id);
        // Each list's answer is kept at its version: the edit must move it.
        for (const list of lists) await alice.client.get(`/api/lists/list/${list.id}/`);

        const sent = [...to, ...to.slice(0, 1)]; // a list named twice counts once
        const response = await alice.client.put(`/api/reviews/review/${id}/`, {
          review: 'Stalls',
          rating: stars,
          visited: false,
          lists: sent,
        });
        expect(response.statusCode).toBe(200);

        const after = await entriesOf(id);
        expect(after.map((e) => e.list_id)).toEqual([...to].sort((x, y) => x - y));
        for (const entry of after) {
          const earlier = before.find((e) => e.list_id === entry.list_id);
          expect(entry.notes).toBe(earlier ? 'kept note' : '');
          if (earlier) expect(entry.added_at).toBe(earlier.added_at);
        }
        expect(
          await t.ctx.db
            .selectFrom('list_reviews')
            .select('list_id')
            .where('review_id', '=', neighbour)
            .execute(),
        ).toHaveLength(lists.length);
        for (const list of lists) {
          const opened = await alice.client.get(`/api/lists/list/${list.id}/`);
          expect(opened.statusCode).toBe(200);
          const answer = opened.json<ListDetail>();
          const shown = answer.reviews.find((spot) => spot.id === id);
          expect(shown?.rating).toBe(to.includes(list.id) ? stars : undefined);
        }
      }),
      { numRuns: 10, seed: 22 },
    );
  });
});
