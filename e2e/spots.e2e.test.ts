import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './support/api-client.ts';
import { screenshot } from './support/browser.ts';
import {
  cards,
  firstPage,
  searchBox,
  settleMap,
  starLabels,
  waitForGallery,
  waitForQuery,
} from './support/spots-page.ts';
import { seedSpots, type SeededSpot } from './support/spots-seed.ts';
import { DIALECTS, onceAcrossDialects, useStack } from './support/stack.ts';

const SPOT_COUNT = 300;
const EIFFEL = 'lm:fr-paris-eiffel-tower';
const LEAVING = "You're leaving our site. Are you sure you trust this link?";
const EIFFEL_REVIEW =
  'Tickets at https://www.toureiffel.paris/en/rates or louvre.fr, never bit.ly/eiffel-deal.';

describe.each(DIALECTS)('my spots in a real browser on %s', (dialect) => {
  const stack = useStack(dialect);
  let owner: ApiClient;
  let spots: SeededSpot[];
  let eiffel: SeededSpot;

  async function ownerSession(options: { width?: number; colorScheme?: 'light' | 'dark' } = {}) {
    const session = await stack.open(options);
    await owner.shareSessionWith(session.context);
    return session;
  }

  beforeAll(async () => {
    owner = new ApiClient(stack.app.url);
    await owner.register({
      username: `wanda_${dialect}`,
      email: `wanda.${dialect}@example.test`,
      password: 'wanderer password',
    });
    spots = await seedSpots(owner, SPOT_COUNT, {
      [EIFFEL]: { review: EIFFEL_REVIEW, rating: 5, visited: true },
    });
    eiffel = spots.find((spot) => spot.placeId === EIFFEL)!;
    expect(eiffel).toBeTruthy();
  });
  it('finds a spot among hundreds, narrows, sorts, pages, edits it and deletes another', async () => {
    const { page } = await ownerSession();
    const base = stack.app.url;
    const list = await owner.post<{ id: number; slug: string }>('/api/lists/list/', {
      name: 'Paris classics',
      description: '',
      shareable_by_link: true,
    });

    await page.goto(base);
    await waitForGallery(page, `Spots 1–20 of ${SPOT_COUNT}`);
    expect(await cards(page).count()).toBe(20);
    await page.getByRole('link', { name: 'Add a spot' }).waitFor();

    // Typing part of the name finds it; the search is in the URL.
    await searchBox(page).fill('eiff');
    await waitForQuery(page, { q: 'eiff' });
    await waitForGallery(page, '1 spot');
    await cards(page).getByRole('link', { name: 'Eiffel Tower' }).waitFor();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await waitForQuery(page, { q: null });

    // Narrow by city and visited, then sort by rating.
    const narrowed = await owner.get<{ count: number }>(
      '/api/reviews/review/?city=Paris&visited=true&limit=1',
    );
    expect(narrowed.count).toBeGreaterThan(1);
    await page.getByLabel('City', { exact: true }).selectOption('Paris');
    await page.getByLabel('Visited', { exact: true }).selectOption('true');
    await waitForQuery(page, { city: 'Paris', visited: 'true' });
    await waitForGallery(page, firstPage(narrowed.count));
    for (const card of await cards(page).all()) {
      await card
        .locator('p')
        .filter({ hasText: /^Paris$/ })
        .waitFor();
      await card.getByText('Already visited').filter({ visible: true }).waitFor();
    }
    await page.getByLabel('Sort', { exact: true }).selectOption('highest_rating');
    await waitForQuery(page, { sort: 'highest_rating' });
    // Same count as before the sort: wait for the order itself.
    const sortedByRating = (ratings: number[]) =>
      ratings.length > 0 &&
      ratings[0] === 5 &&
      ratings.every((r, i) => i === 0 || r <= ratings[i - 1]!);
    await expect.poll(async () => sortedByRating(await starLabels(page))).toBe(true);

    // Page through everything, sorted by rating; back and reload keep the view.
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await waitForQuery(page, { city: null, visited: null, sort: 'highest_rating' });
    await waitForGallery(page, `Spots 1–20 of ${SPOT_COUNT}`);
    await page.getByRole('button', { name: 'Page 2', exact: true }).click();
    await waitForQuery(page, { page: '2' });
    await waitForGallery(page, `Spots 21–40 of ${SPOT_COUNT}`);
    await page.getByRole('button', { name: 'Next page' }).click();
    await waitForQuery(page, { page: '3' });
    await waitForGallery(page, `Spots 41–60 of ${SPOT_COUNT}`);
    await page.getByRole('button', { name: 'Page 15', exact: true }).click();
    await waitForGallery(page, `Spots 281–300 of ${SPOT_COUNT}`);
    await page.goBack();
    await waitForQuery(page, { page: '3' });
    await waitForGallery(page, `Spots 41–60 of ${SPOT_COUNT}`);
    await page.reload();
    await waitForGallery(page, `Spots 41–60 of ${SPOT_COUNT}`);
    expect(await page.getByLabel('Sort', { exact: true }).inputValue()).toBe('highest_rating');

    // A search that matches nothing says so.
    await searchBox(page).fill('zzqx nothing here');
    await page.getByRole('heading', { name: 'No spots found' }).waitFor();

    // Open the spot from the gallery.
    await searchBox(page).fill('eiffel');
    await waitForGallery(page, '1 spot');
    await cards(page).getByRole('link', { name: 'Eiffel Tower' }).click();
    await page.waitForURL(`${base}/reviews/${eiffel.id}`);
    await page.getByRole('heading', { level: 1, name: 'Eiffel Tower' }).waitFor();
    await page.getByText('Tourist Attraction').waitFor();
    const directions = page.getByRole('link', { name: 'Get directions' });
    expect(await directions.getAttribute('href')).toMatch(
      /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=48\.85/,
    );

    // Outbound links: collapsed host, expandable, confirmed; shorteners are plain text.
    const outbound = page.getByRole('link', { name: 'www.toureiffel.paris/...' });
    await outbound.waitFor();
    await page.getByRole('link', { name: 'louvre.fr', exact: true }).waitFor();
    await page.getByText('bit.ly/eiffel-deal').waitFor();
    expect(await page.getByRole('link', { name: /bit\.ly/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Show full link' }).first().click();
    const full = page.getByRole('link', { name: 'https://www.toureiffel.paris/en/rates' });
    await full.waitFor();
    const dialogs: string[] = [];
    page.once('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await full.click();
    await expect.poll(() => dialogs).toEqual([LEAVING]);
    expect(page.context().pages()).toHaveLength(1); // declined: nothing opened
    // Accepted: a new tab without opener or referrer (recorded here; it would leave the machine).
    await page.evaluate(() => {
      const opened: unknown[][] = [];
      Object.assign(window, { opened });
      window.open = (...args: unknown[]) => (opened.push(args), null);
    });
    page.once('dialog', (dialog) => void dialog.accept());
    await full.click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { opened: unknown[][] }).opened))
      .toEqual([['https://www.toureiffel.paris/en/rates', '_blank', 'noopener,noreferrer']]);

    // Edit the review, the rating, the visited flag and the lists.
    await page.getByRole('button', { name: 'Edit' }).click();
    const text = page.getByLabel('Review', { exact: true });
    await text.waitFor();
    await page.getByText(`${800 - EIFFEL_REVIEW.length} characters left`).waitFor();
    await screenshot(page, `spot-edit-1280-light-${dialect}`);
    const edited = 'Went up at sunset, worth the queue. Edited in the browser.';
    await text.fill(edited);
    await page.getByRole('radio', { name: '4 stars' }).check();
    await page.getByRole('radio', { name: 'Want to go' }).check();
    await page.getByRole('checkbox', { name: 'Paris classics' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    await page.getByText(edited).waitFor();
    await page.getByRole('img', { name: 'Rated 4 out of 5 stars' }).waitFor();
    await page.getByRole('link', { name: /Paris classics/ }).waitFor();
    expect(await page.getByRole('link', { name: /Paris classics/ }).getAttribute('href')).toBe(
      `/lists/${list.slug}`,
    );

    // Back in the gallery the card has changed, without a reload.
    await page.goBack();
    await waitForQuery(page, { q: 'eiffel' });
    const card = cards(page).filter({ hasText: 'Eiffel Tower' });
    await card.getByText(edited).waitFor();
    await card.getByRole('img', { name: 'Rated 4 out of 5 stars' }).waitFor();
    await card.getByText('Want to go').filter({ visible: true }).waitFor();

    // Delete another spot: Cancel goes back to it, Delete goes home and it is gone.
    const victim = spots.find((spot) => spot.id !== eiffel.id && spot.name !== eiffel.name)!;
    await page.goto(`${base}/reviews/${victim.id}`);
    await page.getByRole('link', { name: 'Delete' }).click();
    await page.waitForURL(`${base}/reviews/${victim.id}/delete`);
    const question = `Are you sure you want to delete ${victim.name} from your spots?`;
    await page.getByRole('heading', { name: question }).waitFor();
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL(`${base}/reviews/${victim.id}`);
    await page.getByRole('link', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(`${base}/`);
    await waitForGallery(page, `Spots 1–20 of ${SPOT_COUNT - 1}`);
    expect((await owner.call('GET', `/api/reviews/review/${victim.id}/`)).status).toBe(404);
  });

  it('shows another user only spots on shared lists, read-only; the rest is not found', async () => {
    const base = stack.app.url;
    const other = new ApiClient(base);
    await other.register({
      username: `otto_${dialect}`,
      email: `otto.${dialect}@example.test`,
      password: 'other password',
    });
    const session = await stack.open();
    await other.shareSessionWith(session.context);
    const { page } = session;

    // A spot on no shared list is indistinguishable from a missing one.
    const hidden = spots.at(-1)!;
    expect(hidden.id).not.toBe(eiffel.id);
    await page.goto(`${base}/reviews/${hidden.id}`);
    await page.waitForURL(`${base}/not-found`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await page.getByText(hidden.name).count()).toBe(0);

    // The Eiffel Tower is on a shared list (first scenario): readable, not editable.
    await page.goto(`${base}/reviews/${eiffel.id}`);
    await page.getByRole('heading', { level: 1, name: 'Eiffel Tower' }).waitFor();
    await page.getByRole('link', { name: /Paris classics/ }).waitFor();
    expect(await page.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Delete' }).count()).toBe(0);

    // Nor can they delete it; their own gallery is empty.
    await page.goto(`${base}/reviews/${eiffel.id}/delete`);
    await page.waitForURL(`${base}/`);
    await page.getByRole('heading', { name: 'Add some spots' }).waitFor();
    await page.getByText('Add some spots', { exact: true }).first().waitFor();
  });

  onceAcrossDialects(dialect)('looks right at 360 and 1280 px, light and dark', async () => {
    const base = stack.app.url;
    for (const width of [360, 1280]) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const session = await ownerSession({ width, colorScheme });
        const { page } = session;
        const tag = `${width}-${colorScheme}`;

        await page.goto(base);
        await waitForGallery(page, /Spots 1–20 of/);
        await settleMap(page);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow, `horizontal scroll on the home page at ${tag}`).toBeLessThanOrEqual(0);
        await screenshot(page, `spots-gallery-${tag}`);
        if (width === 360) {
          await page.getByRole('button', { name: /^Filters/ }).click();
          await page.getByLabel('City', { exact: true }).waitFor();
          await screenshot(page, `spots-gallery-filters-${tag}`);
        }

        await page.goto(`${base}/reviews/${eiffel.id}`);
        await page.getByRole('heading', { level: 1, name: 'Eiffel Tower' }).waitFor();
        await page.getByRole('heading', { name: 'On lists' }).waitFor();
        await screenshot(page, `spot-page-${tag}`);

        await page.getByRole('button', { name: 'Edit' }).click();
        await page.getByRole('group', { name: 'Lists' }).getByRole('checkbox').first().waitFor();
        await screenshot(page, `spot-edit-${tag}`);

        await page.goto(`${base}/reviews/${eiffel.id}/delete`);
        await page.getByRole('heading', { name: /Are you sure/ }).waitFor();
        await screenshot(page, `spot-delete-${tag}`);

        await stack.close(session);
      }
    }
  });
});
