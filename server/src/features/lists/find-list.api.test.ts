import { describe, expect, it } from 'vitest';
import { TestClient, useTestApp, type TestUser } from '../../../test/helper.ts';
import { StatementTimeline } from '../../../test/statement-timeline.ts';

/*
 * A list page reads its list by the key of its URL (an id, its slug or an old slug), the
 * lists one turn of the event loop asks for together: one statement for ids, one for slugs
 * (repository.ts `findList`, decision 023 session 28). Each request must still get its own
 * list, and only one it may see.
 */

const timeline = new StatementTimeline();
const { t, alice, bob } = useTestApp({
  users: ['alice', 'bob'],
  watchDb: (db) => timeline.watch(db),
});

/** Answers with a column only the reads of lists answer with. */
const listReads = () =>
  timeline.events.filter((e) => e.kind === 'answered' && e.columns?.includes('owner_username'))
    .length;

async function newList(user: TestUser, name: string, shared: boolean) {
  const created = await user.client.post('/api/lists/list/', {
    name,
    description: '',
    shareable_by_link: shared,
  });
  expect(created.statusCode).toBe(201);
  return created.json<{ id: number; slug: string; name: string }>();
}

describe('lists read by key', () => {
  it('reads the lists of list pages asked together by kind of key, each its own', async () => {
    const walks = await newList(alice, 'Walks', true);
    const secret = await newList(bob, 'Secret bars', false);
    const renamed = await alice.client.patch(`/api/lists/list/${walks.id}/`, { name: 'Hikes' });
    expect(renamed.statusCode).toBe(200);
    const { slug } = renamed.json<{ slug: string }>();
    expect(slug).not.toBe(walks.slug);
    const visitor = new TestClient(t.app);
    timeline.clear();
    const asks = [
      [visitor, slug],
      [visitor, walks.slug], // the old slug still opens it
      [visitor, secret.slug], // bob's, not shared
      [bob.client, secret.slug],
      [alice.client, String(walks.id)],
      [alice.client, String(secret.id)], // not alice's
      [visitor, 'nobody-has-this'],
    ] as const;
    const answers = await Promise.all(
      asks.map(([client, key]) => client.get(`/api/lists/list/${key}/`)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 403, 200, 200, 403, 404]);
    const names = answers.map((a) => (a.statusCode === 200 ? a.json<{ name: string }>().name : ''));
    expect(names).toEqual(['Hikes', 'Hikes', '', 'Secret bars', 'Hikes', '', '']);
    expect(listReads()).toBe(2); // one for the slugs, one for the ids
  });
});
