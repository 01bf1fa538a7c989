import { describe, expect, it } from 'vitest';
import { PAGE_DATA_ELEMENT_ID, type PageData } from '@spotbook/contract';
import { TestClient, useTestApp } from '../../test/helper.ts';
import { createList } from '../features/lists/test/factories.ts';
import { PAGE_DATA_TEST_URL, pageDataRoute } from '../../test/page-data-route.ts';
import type { PageDataBlock } from './page-data.ts';

/**
 * The API answers a page carries (issue 14 §4): exactly what the API answers the same
 * browser, with the API's access checks. `pageDataRoute` stands in for the page routes
 * (which need a built web app): it answers the block for the path it is given.
 */
const { t, alice, bob } = useTestApp({
  users: ['alice', 'bob'],
  beforeReady: pageDataRoute,
});

async function blockFor(client: TestClient, path: string): Promise<PageDataBlock> {
  const response = await client.get(`${PAGE_DATA_TEST_URL}?path=${encodeURIComponent(path)}`);
  expect(response.statusCode).toBe(200);
  return response.json<PageDataBlock>();
}

function dataOf(block: PageDataBlock): PageData {
  const match = new RegExp(
    `^<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">(.*)</script>$`,
    's',
  ).exec(block.script);
  if (!match) throw new Error(`not a page data block: ${block.script}`);
  return JSON.parse(match[1]!) as PageData;
}

const anonymous = () => new TestClient(t.app);
const apiAnswer = async (client: TestClient, url: string) => (await client.get(url)).json();

describe('page data (issue 14 §4)', () => {
  it('carries a shared list and a signed-out session, as the API answers them', async () => {
    const list = await createList(alice.client, { name: 'Night walks', shareable_by_link: true });
    const viewer = anonymous();
    const block = await blockFor(viewer, `/lists/${list.slug}`);
    expect(block.signedIn).toBe(false);
    const data = dataOf(block);
    expect(data.session).toEqual({ user: null });
    expect(data.config).toEqual(await apiAnswer(viewer, '/api/config/'));
    expect(data.list?.key).toBe(list.slug);
    expect(data.list?.answer).toEqual(await apiAnswer(viewer, `/api/lists/list/${list.slug}`));
    // By id too, under the key the page's URL names.
    expect(dataOf(await blockFor(viewer, `/lists/${list.id}/`)).list?.key).toBe(String(list.id));
  });

  it('gives a signed-in viewer their own session and answer', async () => {
    const list = await createList(alice.client, { name: 'Bakeries', shareable_by_link: true });
    const block = await blockFor(bob.client, `/lists/${list.slug}`);
    expect(block.signedIn).toBe(true);
    const data = dataOf(block);
    expect(data.session?.user).toMatchObject({ id: bob.id, username: bob.username });
    expect(data.list?.answer).toEqual(await apiAnswer(bob.client, `/api/lists/list/${list.slug}`));
  });

  it('carries no private list but to its owner', async () => {
    const list = await createList(alice.client, { name: 'Secret', shareable_by_link: false });
    expect(dataOf(await blockFor(anonymous(), `/lists/${list.slug}`)).list).toBeUndefined();
    expect(dataOf(await blockFor(bob.client, `/lists/${list.slug}`)).list).toBeUndefined();
    expect(dataOf(await blockFor(alice.client, `/lists/${list.slug}`)).list?.answer).toMatchObject({
      name: 'Secret',
    });
    expect(dataOf(await blockFor(anonymous(), '/lists/no-such-list')).list).toBeUndefined();
  });

  it('keeps a hostile list name inside the block', async () => {
    const name = '</script><!--\u2028&';
    const list = await createList(alice.client, {
      name,
      description: '</SCRIPT ><script>alert(1)</script>',
      shareable_by_link: true,
    });
    const block = await blockFor(anonymous(), `/lists/${list.slug}`);
    const inner = block.script.slice(0, -'</script>'.length);
    expect(inner).not.toMatch(/<\/script|<!--|\u2028/i);
    expect(dataOf(block).list?.answer).toMatchObject({
      name,
      description: '</SCRIPT ><script>alert(1)</script>',
    });
  });

  it('sets the csrftoken cookie a first visit gets from the session answer, once', async () => {
    const viewer = anonymous();
    const first = await blockFor(viewer, '/');
    expect(first.setCookies.join()).toMatch(/^csrftoken=/);
    expect(dataOf(first)).toEqual({
      session: { user: null },
      config: await apiAnswer(viewer, '/api/config/'),
    });
    await viewer.get('/api/user/session/'); // the client now holds the cookie
    expect((await blockFor(viewer, '/')).setCookies).toEqual([]);
  });
});
