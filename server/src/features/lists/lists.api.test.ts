import { beforeAll, describe, expect, it } from 'vitest';
import { AUTH_REQUIRED_DETAIL, LIST_MESSAGES } from '@spotbook/contract';
import {
  signedInUser,
  TestClient,
  uniqueName,
  type TestUser,
  useTestApp,
} from '../../../test/helper.ts';
import { createList, insertSpot } from './test/factories.ts';

const { t, alice, bob } = useTestApp({ users: ['alice', 'bob'] });

describe('list form validation (spec §5)', () => {
  it.each([
    [{}, 'name', LIST_MESSAGES.nameRequired],
    [{ name: '   ' }, 'name', LIST_MESSAGES.nameRequired],
    [{ name: 'n'.repeat(26) }, 'name', LIST_MESSAGES.nameTooLong],
    [
      { name: 'ok', description: 'd'.repeat(1001) },
      'description',
      LIST_MESSAGES.descriptionTooLong,
    ],
  ])('%j → %s: %s', async (body, field, message) => {
    const response = await alice.client.post('/api/lists/list/', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[field]).toEqual([message]);
  });

  it('accepts the limits themselves: 25 and 1000 characters (what the inputs allow)', async () => {
    const response = await alice.client.post('/api/lists/list/', {
      name: 'n'.repeat(25),
      description: 'd'.repeat(1000),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ shareable_by_link: false, spot_count: 0 });
  });

  it('applies the same rules to PATCH', async () => {
    const list = await createList(alice.client, { name: 'Patch rules' });
    const response = await alice.client.patch(`/api/lists/list/${list.id}/`, { name: '' });
    expect(response.json().errors).toEqual({ name: [LIST_MESSAGES.nameRequired] });
  });
});

describe('login', () => {
  it('is required for everything but reading one list', async () => {
    const anonymous = new TestClient(t.app);
    for (const response of [
      await anonymous.get('/api/lists/list/'),
      await anonymous.post('/api/lists/list/', { name: 'x' }),
      await anonymous.patch('/api/lists/list/1/', { name: 'x' }),
      await anonymous.delete('/api/lists/list/1/'),
      await anonymous.get('/api/lists/examples/'),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: AUTH_REQUIRED_DETAIL });
    }
  });
});

describe('slugs (contract §4)', () => {
  it('are {owner}-{name}: lower-case ASCII, accents stripped, one dash per gap', async () => {
    const list = await createList(alice.client, { name: '  Café  Crème & Co. ' });
    expect(list.slug).toBe(`${alice.username}-cafe-creme-co`);
    expect(list.name).toBe('Café  Crème & Co.');
    const straße = await createList(alice.client, { name: 'Große Straße' });
    expect(straße.slug).toBe(`${alice.username}-grosse-strasse`);
  });

  it("fall back to 'list' when nothing of the name survives", async () => {
    const list = await createList(alice.client, { name: '東京 🍣' });
    expect(list.slug).toBe(`${alice.username}-list`);
  });

  it('lower-case the owner part', async () => {
    const carol = await signedInUser(t.app, uniqueName('Carol'));
    const list = await createList(carol.client, { name: 'Hi' });
    expect(list.slug).toBe(`${carol.username.toLowerCase()}-hi`);
    // People retype links: the slug answers in any case.
    const response = await carol.client.get(`/api/lists/list/${list.slug.toUpperCase()}`);
    expect(response.json().id).toBe(list.id);
  });

  it('get a numeric suffix when taken, counting old slugs of other lists', async () => {
    const first = await createList(alice.client, { name: 'Coffee' });
    const second = await createList(alice.client, { name: 'coffee!' });
    const third = await createList(alice.client, { name: 'COFFEE' });
    expect([first.slug, second.slug, third.slug]).toEqual([
      `${alice.username}-coffee`,
      `${alice.username}-coffee-2`,
      `${alice.username}-coffee-3`,
    ]);
    await alice.client.patch(`/api/lists/list/${first.id}/`, { name: 'Tea' });
    // 'coffee' still answers for the renamed list, so nobody else may take it.
    const fourth = await createList(alice.client, { name: 'Coffee' });
    expect(fourth.slug).toBe(`${alice.username}-coffee-4`);
  });

  it('change on rename; every old slug keeps answering; a list may take one back', async () => {
    const list = await createList(alice.client, { name: 'Bars', shareable_by_link: true });
    const renamed = (
      await alice.client.patch(`/api/lists/list/${list.id}/`, { name: 'Pubs' })
    ).json();
    expect(renamed.slug).toBe(`${alice.username}-pubs`);
    const again = await alice.client.patch(`/api/lists/list/${list.id}/`, { name: 'Taverns' });
    for (const slug of [list.slug, renamed.slug, again.json().slug]) {
      const response = await new TestClient(t.app).get(`/api/lists/list/${slug}`);
      expect(response.json()).toMatchObject({ id: list.id, name: 'Taverns' });
    }
    const back = await alice.client.patch(`/api/lists/list/${list.id}/`, { name: 'bars' });
    expect(back.json().slug).toBe(list.slug);
  });

  it('stay put when an edit leaves the slugified name alone', async () => {
    const list = await createList(alice.client, { name: 'Parks' });
    const response = await alice.client.patch(`/api/lists/list/${list.id}/`, {
      name: 'PARKS',
      description: 'Green',
    });
    expect(response.json()).toMatchObject({ slug: list.slug, name: 'PARKS', description: 'Green' });
  });
});

describe('visibility (spec §5, contract §3)', () => {
  let privateList: { id: number; slug: string };
  let sharedList: { id: number; slug: string };
  beforeAll(async () => {
    privateList = await createList(alice.client, { name: 'Secret spots', description: 'shh' });
    sharedList = await createList(alice.client, { name: 'Open spots', shareable_by_link: true });
  });

  it('shows the owner both lists, by id and by slug, with the owner fields', async () => {
    for (const key of [privateList.id, privateList.slug, sharedList.id, sharedList.slug]) {
      const response = await alice.client.get(`/api/lists/list/${key}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ user: alice.id, owner_username: alice.username });
    }
  });

  it('shows anyone, signed in or not, a shareable list', async () => {
    for (const client of [bob.client, new TestClient(t.app)]) {
      const response = await client.get(`/api/lists/list/${sharedList.slug}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        id: sharedList.id,
        name: 'Open spots',
        description: '',
        shareable_by_link: true,
        slug: sharedList.slug,
        user: alice.id,
        owner_username: alice.username,
        spot_count: 0,
        reviews: [],
      });
    }
  });

  it("answers someone else's private list with a bare 403", async () => {
    for (const client of [bob.client, new TestClient(t.app)]) {
      for (const key of [privateList.id, privateList.slug]) {
        const response = await client.get(`/api/lists/list/${key}`);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ detail: LIST_MESSAGES.notPublic });
      }
    }
  });

  it('answers a missing list with a bare 404, whatever the key looks like', async () => {
    for (const key of ['999999', `${alice.username}-nope`, 'no_dash', '99999999999', '0']) {
      const response = await bob.client.get(`/api/lists/list/${key}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: LIST_MESSAGES.listNotFound });
    }
  });

  it('lets only the owner change or delete a list', async () => {
    const patch = await bob.client.patch(`/api/lists/list/${sharedList.id}/`, { name: 'Mine' });
    expect(patch.statusCode).toBe(403);
    expect(patch.json()).toEqual({ detail: LIST_MESSAGES.notOwner });
    const remove = await bob.client.delete(`/api/lists/list/${privateList.id}/`);
    expect(remove.json()).toEqual({ detail: LIST_MESSAGES.notOwner });
    expect((await bob.client.delete('/api/lists/list/999999/')).statusCode).toBe(404);
  });

  it('deletes a list with its slugs', async () => {
    const list = await createList(alice.client, { name: 'Short lived', shareable_by_link: true });
    await alice.client.patch(`/api/lists/list/${list.id}/`, { name: 'Shorter lived' });
    expect((await alice.client.delete(`/api/lists/list/${list.id}/`)).statusCode).toBe(204);
    for (const key of [list.id, list.slug, `${alice.username}-shorter-lived`]) {
      expect((await alice.client.get(`/api/lists/list/${key}`)).statusCode).toBe(404);
    }
  });
});

describe('GET /api/lists/list/ (own lists)', () => {
  let dave: TestUser;
  beforeAll(async () => {
    dave = await signedInUser(t.app);
    for (const [name, description] of [
      ['Crème brûlée', ''],
      ['Museums', 'Rainy DAY ideas'],
      ['Beaches', ''],
      ['Bakeries', 'croissants'],
      ['Hikes', ''],
      ['Ramen', ''],
      ['Bookshops', 'second-hand'],
    ]) {
      await createList(dave.client, { name: name!, description });
    }
    await createList(bob.client, { name: 'Not daves' });
  });

  it('pages own lists newest first, 5 by default', async () => {
    const first = (await dave.client.get('/api/lists/list/')).json();
    expect(first.count).toBe(7);
    expect(first.results.map((l: { name: string }) => l.name)).toEqual([
      'Bookshops',
      'Ramen',
      'Hikes',
      'Bakeries',
      'Beaches',
    ]);
    const second = (await dave.client.get('/api/lists/list/?offset=5&limit=5')).json();
    expect(second.results.map((l: { name: string }) => l.name)).toEqual([
      'Museums',
      'Crème brûlée',
    ]);
    expect(second.results[0]).toEqual({
      id: expect.any(Number),
      name: 'Museums',
      description: 'Rainy DAY ideas',
      shareable_by_link: false,
      slug: `${dave.username}-museums`,
      user: dave.id,
      owner_username: dave.username,
      spot_count: 0,
    });
  });

  it('searches name and description, ignoring case and accents', async () => {
    const names = async (search: string) =>
      (await dave.client.get(`/api/lists/list/?search=${encodeURIComponent(search)}`))
        .json()
        .results.map((l: { name: string }) => l.name);
    expect(await names('CREME')).toEqual(['Crème brûlée']);
    expect(await names('rainy day')).toEqual(['Museums']);
    expect(await names('Croissánts')).toEqual(['Bakeries']);
    expect(await names('%')).toEqual([]);
    expect(await names('_')).toEqual([]);
    expect(await names('daves')).toEqual([]);
  });

  it('caps the limit at 100 and refuses nonsense', async () => {
    expect((await dave.client.get('/api/lists/list/?limit=1000')).json().count).toBe(7);
    expect((await dave.client.get('/api/lists/list/?limit=0')).statusCode).toBe(400);
    expect((await dave.client.get('/api/lists/list/?offset=-1')).statusCode).toBe(400);
  });
});

describe('every List answer carries `reviews` (spec §3 List)', () => {
  it('create answers `reviews: []`; update and detail answer the spots on the list', async () => {
    const created = await alice.client.post('/api/lists/list/', { name: 'With reviews' });
    expect(created.statusCode).toBe(201);
    expect(created.json().reviews).toEqual([]);

    const reviewId = await insertSpot(t.ctx.db, alice.id, { name: 'Listed place' });
    const added = await alice.client.post('/api/list_reviews/list_review/', {
      list: created.json().id,
      review: reviewId,
    });
    expect(added.statusCode).toBe(201);

    const updated = await alice.client.patch(`/api/lists/list/${created.json().id}/`, {
      shareable_by_link: true,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().reviews.map((r: { id: number }) => r.id)).toEqual([reviewId]);

    const detail = await alice.client.get(`/api/lists/list/${created.json().id}`);
    expect(detail.json().reviews.map((r: { id: number }) => r.id)).toEqual([reviewId]);
  });
});
