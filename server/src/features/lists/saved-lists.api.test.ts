import { describe, expect, it } from 'vitest';
import { AUTH_REQUIRED_DETAIL, LIST_MESSAGES } from '@spotbook/contract';
import { signedInUser, TestClient, type TestUser, useTestApp } from '../../../test/helper.ts';
import { createList } from './test/factories.ts';

const { t, alice, bob } = useTestApp({ users: ['alice', 'bob'] });

const follow = (user: TestUser, list_slug: string) =>
  user.client.post('/api/saved_lists/saved_list/', { list_slug });
const followed = async (user: TestUser, query = '') =>
  (await user.client.get(`/api/saved_lists/saved_list/${query}`)).json();

describe('following (contract §4)', () => {
  it("follows someone else's shareable list; following twice answers the same entry", async () => {
    const list = await createList(alice.client, {
      name: 'Noodles',
      description: 'slurp',
      shareable_by_link: true,
    });
    const first = await follow(bob, list.slug);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      id: expect.any(Number),
      list_id: list.id,
      list_name: 'Noodles',
      list_description: 'slurp',
      list_slug: list.slug,
      slug: list.slug,
      owner_username: alice.username,
      created_at: expect.any(String),
    });
    const second = await follow(bob, list.slug);
    expect(second.statusCode).toBe(200);
    expect(second.json().id).toBe(first.json().id);
    expect((await followed(bob)).count).toBe(1);
  });

  it('refuses your own list (400), a private one (403) and a missing one (404)', async () => {
    const own = await createList(bob.client, { name: 'Bobs', shareable_by_link: true });
    const hidden = await createList(alice.client, { name: 'Hidden' });
    const cases = [
      [own.slug, 400, LIST_MESSAGES.followOwnList],
      [hidden.slug, 403, LIST_MESSAGES.notPublic],
      [`${alice.username}-missing`, 404, LIST_MESSAGES.listNotFound],
    ] as const;
    for (const [slug, status, detail] of cases) {
      const response = await follow(bob, slug);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ detail });
    }
  });

  it('needs a signed-in user', async () => {
    const anonymous = new TestClient(t.app);
    for (const response of [
      await anonymous.get('/api/saved_lists/saved_list/'),
      await anonymous.post('/api/saved_lists/saved_list/', { list_slug: 'a-b' }),
      await anonymous.get('/api/saved_lists/saved_list/by-slug/a-b'),
      await anonymous.delete('/api/saved_lists/saved_list/1/'),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: AUTH_REQUIRED_DETAIL });
    }
  });
});

describe('finding and removing a follow', () => {
  it('finds the entry by the current or an old slug; 404 when not following', async () => {
    const list = await createList(alice.client, { name: 'Dumplings', shareable_by_link: true });
    const entry = (await follow(bob, list.slug)).json();
    await alice.client.patch(`/api/lists/list/${list.id}/`, { name: 'Gyoza' });
    for (const slug of [list.slug, `${alice.username}-gyoza`]) {
      const response = await bob.client.get(`/api/saved_lists/saved_list/by-slug/${slug}`);
      expect(response.json()).toMatchObject({ id: entry.id, list_slug: `${alice.username}-gyoza` });
    }
    const carol = await signedInUser(t.app);
    const none = await carol.client.get(`/api/saved_lists/saved_list/by-slug/${list.slug}`);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ detail: LIST_MESSAGES.notFollowing });
  });

  it('unfollows only your own entry', async () => {
    const list = await createList(alice.client, { name: 'Tapas', shareable_by_link: true });
    const entry = (await follow(bob, list.slug)).json();
    const url = `/api/saved_lists/saved_list/${entry.id}/`;
    expect((await alice.client.delete(url)).statusCode).toBe(404);
    expect((await bob.client.delete(url)).statusCode).toBe(204);
    expect((await bob.client.delete(url)).statusCode).toBe(404);
    const lookup = await bob.client.get(`/api/saved_lists/saved_list/by-slug/${list.slug}`);
    expect(lookup.statusCode).toBe(404);
  });
});

describe('a list that stops being shareable or is deleted', () => {
  it('leaves its followers’ Followed Lists and stays gone when shared again', async () => {
    const list = await createList(alice.client, { name: 'Fleeting', shareable_by_link: true });
    const dave = await signedInUser(t.app);
    await follow(dave, list.slug);
    expect((await followed(dave)).count).toBe(1);
    await alice.client.patch(`/api/lists/list/${list.id}/`, { shareable_by_link: false });
    expect(await followed(dave)).toEqual({ count: 0, results: [] });
    const lookup = await dave.client.get(`/api/saved_lists/saved_list/by-slug/${list.slug}`);
    expect(lookup.json()).toEqual({ detail: LIST_MESSAGES.notPublic });
    await alice.client.patch(`/api/lists/list/${list.id}/`, { shareable_by_link: true });
    expect((await followed(dave)).count).toBe(0);
  });

  it('leaves them when deleted', async () => {
    const list = await createList(alice.client, { name: 'Doomed', shareable_by_link: true });
    const erin = await signedInUser(t.app);
    await follow(erin, list.slug);
    await alice.client.delete(`/api/lists/list/${list.id}/`);
    expect(await followed(erin)).toEqual({ count: 0, results: [] });
  });
});

describe('GET /api/saved_lists/saved_list/', () => {
  it('pages newest first, 5 by default, and searches list name and description', async () => {
    const frank = await signedInUser(t.app);
    const names = ['Sushi', 'Pho', 'Tacos', 'Curry', 'Pizza', 'Bagels', 'Crêpes'];
    for (const name of names) {
      const list = await createList(alice.client, {
        name: `F ${name}`,
        description: name === 'Pho' ? 'Hanoi NOODLE soup' : '',
        shareable_by_link: true,
      });
      await follow(frank, list.slug);
    }
    const first = await followed(frank);
    expect(first.count).toBe(7);
    expect(first.results.map((r: { list_name: string }) => r.list_name)).toEqual(
      names
        .slice(2)
        .reverse()
        .map((n) => `F ${n}`),
    );
    const second = await followed(frank, '?offset=5');
    expect(second.results.map((r: { list_name: string }) => r.list_name)).toEqual([
      'F Pho',
      'F Sushi',
    ]);
    expect((await followed(frank, '?search=CREPES')).results[0].list_name).toBe('F Crêpes');
    expect((await followed(frank, '?search=noodle')).count).toBe(1);
  });
});
