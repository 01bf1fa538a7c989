import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LIST_MESSAGES, type ListSummary } from '@spotbook/contract';
import type { Page } from 'playwright-core';
import { ApiClient } from './support/api-client.ts';
import { checkAndClose, openSession, type Session } from './support/browser.ts';
import { createSpot, placeIdsFromIndex } from './support/lists-seed.ts';
import { startStack, type Stack } from './support/stack.ts';

/**
 * A page carries the API answers it would ask for first (issue 14 §4, decision 024): the
 * session, the app's configuration, and on a list page the list, as this browser may see
 * it. The web app draws from them without asking the API again; the page's own chunks are
 * preloaded from the HTML. The database does not matter here (page-data.api.test.ts runs on both).
 */
const PASSWORD = 'page data password 1';
/** The session, the app's configuration, and a list itself (not its map picture). */
const FIRST_ASKS = /\/api\/user\/session\/$|\/api\/config\/$|\/api\/lists\/list\/[^/]+$/;

/** Opens `path` and answers the API calls the page made for what the page should carry. */
async function openAndWatch(page: Page, url: string) {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (FIRST_ASKS.test(request.url())) asked.push(new URL(request.url()).pathname);
  });
  const response = await page.goto(url);
  return { response, asked };
}

describe('the API answers a page carries', () => {
  let stack: Stack;
  let base: string;
  let owner: ApiClient;
  let friend: ApiClient;
  let shared: ListSummary;
  const sessions: Session[] = [];

  beforeAll(async () => {
    stack = await startStack('sqlite');
    base = stack.app.url;
    owner = new ApiClient(base);
    await owner.register({ username: 'paula', email: 'paula@example.test', password: PASSWORD });
    friend = new ApiClient(base);
    await friend.register({ username: 'felix', email: 'felix@example.test', password: PASSWORD });
    shared = await owner.post<ListSummary>('/api/lists/list/', {
      name: 'Tea rooms',
      description: 'Scones first.',
      shareable_by_link: true,
    });
    for (const id of placeIdsFromIndex(3)) await createSpot(owner, id, { listId: shared.id });
  });
  afterAll(() => stack?.stop());
  afterEach(async ({ task }) => {
    for (const session of sessions.splice(0)) await checkAndClose(session, task);
  });

  async function newPage() {
    const session = await openSession(stack.browser, { width: 360 });
    sessions.push(session);
    return session;
  }

  it('draws a shared list signed out without asking for the session, the configuration or the list', async () => {
    const { page } = await newPage();
    const { response, asked } = await openAndWatch(page, `${base}/lists/${shared.slug}`);
    expect(response?.headers()['cache-control']).toBe('no-cache');
    expect(response?.headers()['vary']).toMatch(/\bCookie\b/);
    const html = (await response?.text()) ?? '';
    expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/ListPage-/);
    await page.getByRole('heading', { level: 1, name: 'Tea rooms' }).waitFor();
    await page.getByRole('heading', { name: 'Spots (3)' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);
    // Read once, then gone: a later page asks the API itself.
    expect(await page.locator('#spotbook-page-data').count()).toBe(0);
    // The first visit's csrftoken cookie came with the page: a write works.
    const cookies = await page.context().cookies(base);
    expect(cookies.map((c) => c.name)).toContain('csrftoken');
  });

  it("draws a friend's view with their own session", async () => {
    const { page, context } = await newPage();
    await friend.shareSessionWith(context);
    const { asked } = await openAndWatch(page, `${base}/lists/${shared.slug}`);
    await page.getByRole('heading', { level: 1, name: 'Tea rooms' }).waitFor();
    await page.locator('[data-map-state="loaded"]').waitFor(); // only a signed-in viewer's
    expect(asked).toEqual([]);
  });

  it('shows a hostile list name as text', async () => {
    const hostile = await owner.post<ListSummary>('/api/lists/list/', {
      name: '</script><!--x',
      description: '<script>window.pwned = 1</script>',
      shareable_by_link: true,
    });
    const { page } = await newPage();
    await openAndWatch(page, `${base}/lists/${hostile.slug}`);
    await page.getByRole('heading', { level: 1, name: '</script><!--x' }).waitFor();
    await page.getByText('<script>window.pwned = 1</script>').waitFor();
    expect(await page.evaluate(() => 'pwned' in window)).toBe(false);
  });

  it('carries no private list: the page asks, and says it is not public', async () => {
    const secret = await owner.post<ListSummary>('/api/lists/list/', { name: 'Diary' });
    const { page } = await newPage();
    const { response, asked } = await openAndWatch(page, `${base}/lists/${secret.slug}`);
    expect(await response?.text()).not.toContain('Diary');
    await page.getByRole('heading', { name: LIST_MESSAGES.notPublic }).waitFor();
    expect(asked).toContain(`/api/lists/list/${secret.slug}`);
    expect(asked.filter((path) => path.includes('session'))).toEqual([]);
  });
});
