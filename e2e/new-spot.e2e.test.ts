import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { PLACE_LINK_MESSAGES } from '@spotbook/contract';
import { ApiClient } from './support/api-client.ts';
import { checkAndClose, openSession, screenshot, type Session } from './support/browser.ts';
import { DIALECTS, onceAcrossDialects, startStack, type Stack } from './support/stack.ts';

const LOUVRE = 'lm:fr-paris-louvre-museum';
const PARIS_OPTION = /^Paris\s*City · Île-de-France, France$/;
const BLOCKED =
  'Location access is blocked or unavailable. Please check your browser and system settings.';
const EIFFEL_LINK =
  'https://www.google.com/maps/place/Eiffel+Tower/@48.8583701,2.2919064,17z/data=!3m1!4b1!4m6!3m5!1s0x47e66e2964e34e2d:0x8ddca9ee380ef7e0!8m2!3d48.8583701!4d2.2944813';

interface Spot {
  id: number;
  rating: number;
  visited: boolean;
  review: string;
  place_details: { id: string; displayName: string; primaryType: string };
}

const areaBox = (page: Page) => page.getByRole('combobox', { name: 'City or area' });
const placeBox = (page: Page) => page.getByRole('combobox', { name: 'Place' });
const option = (page: Page, name: string | RegExp) => page.getByRole('option', { name });
const selectedHeading = (page: Page) => page.locator('#selected-place-name');

/** Step 1 by keyboard: type, wait for Paris among the options, ↓ to it, Enter. */
async function chooseParis(page: Page) {
  await areaBox(page).fill('pari');
  await option(page, PARIS_OPTION).waitFor();
  // A screen reader hears how many options there are ("3 results").
  const count = await page.getByRole('option').count();
  await page
    .getByRole('status')
    .filter({ hasText: new RegExp(`^${count} results?$`) })
    .waitFor({ state: 'attached' });
  // The first option is Paris ("cities first"): one ↓ makes it active, Enter picks it.
  await areaBox(page).press('ArrowDown');
  await expect(areaBox(page).getAttribute('aria-activedescendant')).resolves.toBeTruthy();
  await areaBox(page).press('Enter');
  await page.getByText('Searching near').waitFor();
}

async function pickLouvre(page: Page) {
  await placeBox(page).fill('louvre');
  await option(page, /^Louvre Museum/).click();
  await selectedHeading(page).filter({ hasText: 'Louvre Museum' }).waitFor();
}

/** Where `locator` sits on the page, not in the viewport: scrolling does not move it. */
const pageTop = (locator: Locator) =>
  locator.evaluate((element) => element.getBoundingClientRect().top + window.scrollY);

/** `count` maps on the page, each drawn and at rest, so a screenshot shows them. */
async function mapsSettled(page: Page, count = 1) {
  await page.waitForFunction((expected) => {
    const maps = Array.from(document.querySelectorAll('[data-map-state]'));
    return (
      maps.length >= expected &&
      maps.every(
        (map) =>
          map.getAttribute('data-map-state') === 'loaded' &&
          map.getAttribute('data-map-idle') === 'true',
      )
    );
  }, count);
}

/** A new account made through the API, signed in in this browser profile. */
async function newUser(stack: Stack, session: Session, name: string) {
  const api = new ApiClient(stack.app.url);
  await api.register({
    username: name,
    email: `${name}@example.test`,
    password: 'spot password 1',
  });
  await api.shareSessionWith(session.context);
  return api;
}

describe.each(DIALECTS)('adding a spot on %s', (dialect) => {
  let stack: Stack;
  let session: Session;
  beforeAll(async () => {
    stack = await startStack(dialect);
  });
  afterAll(() => stack?.stop());
  afterEach(({ task }) => checkAndClose(session, task));

  it('pari → Paris, louvre → Louvre Museum, 4 stars, visited, saved; then View Spot', async () => {
    session = await openSession(stack.browser);
    const { page } = session;
    const base = stack.app.url;
    const name = `nora_${dialect}`;
    // A new user, signed up through the form.
    await page.goto(`${base}/signup`);
    await page.getByLabel('Email').fill(`${name}@example.test`);
    await page.getByLabel('Username').fill(name);
    await page.getByLabel('Password', { exact: true }).fill('spot password 1');
    await page.getByLabel('Confirm Password').fill('spot password 1');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByText('Create spots to privately review places').waitFor();

    await page.goto(`${base}/newSpot`);
    await page.getByRole('heading', { level: 1, name: 'Find a spot' }).waitFor();
    await chooseParis(page);
    await pickLouvre(page);
    await page.getByText('Museum', { exact: true }).first().waitFor();
    await page.getByText("The world's most-visited art museum", { exact: false }).waitFor();
    const maps = page.getByRole('link', { name: /Open in Google Maps/ });
    expect(await maps.getAttribute('target')).toBe('_blank');
    expect(await maps.getAttribute('rel')).toContain('noopener');
    expect(await page.locator('article img').first().getAttribute('src')).toBe(
      '/missing-place.svg',
    );
    await page.getByRole('link', { name: 'louvre.fr' }).waitFor();

    // The create form: want to go by default, 800 characters with a count.
    const review = page.getByLabel('Review');
    expect(await page.getByRole('radio', { name: 'Want to go' }).isChecked()).toBe(true);
    await review.fill('Go early; the Denon wing first.');
    await page.getByText('769 characters left').waitFor();
    expect(await review.getAttribute('maxlength')).toBe('800');
    await page.getByRole('radio', { name: '4 stars' }).check();
    await page.getByRole('radio', { name: 'Already visited' }).check();
    await page.getByRole('button', { name: 'Save spot' }).click();
    await page.waitForURL(/\/reviews\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    // The spot exists: its page invites the first photos (issue 13; photos.e2e uploads).
    await page
      .getByText('Your spot is saved. Add your photos of it now, or any time later.')
      .waitFor();
    await page.getByRole('button', { name: 'Choose photos' }).waitFor();

    const api = page.context().request;
    const spot = (await (await api.get(`${base}/api/reviews/review/${id}/`)).json()) as Spot;
    expect(spot).toMatchObject({
      rating: 4,
      visited: true,
      review: 'Go early; the Denon wing first.',
      place_details: { id: LOUVRE, displayName: 'Louvre Museum', primaryType: 'museum' },
    });

    // On the home gallery's map (and its card) once saved.
    await page.goto(base);
    const map = page.locator('[data-map-state]').first();
    await map.waitFor();
    await page.waitForFunction(
      () => document.querySelector('[data-map-state]')?.getAttribute('data-map-state') === 'loaded',
    );
    await page.getByRole('button', { name: /Show list \(1 spot in view\)/ }).click();
    await page.getByRole('link', { name: 'Louvre Museum' }).first().waitFor();

    // The same place again: a spot exists and no list is targeted → View Spot.
    await page.goto(`${base}/newSpot`);
    await chooseParis(page);
    await pickLouvre(page);
    const viewSpot = page.getByRole('link', { name: 'View Spot' });
    await viewSpot.waitFor();
    await expect(page.getByRole('button', { name: 'Save spot' }).count()).resolves.toBe(0);
    if (dialect === 'sqlite') {
      await mapsSettled(page);
      await screenshot(page, 'newspot-view-spot-1280-light');
    }
    await viewSpot.click();
    await page.waitForURL(`${base}/reviews/${id}`);
  });

  it('a custom pin from typed coordinates, and one from a click on the map', async () => {
    session = await openSession(stack.browser);
    const { page } = session;
    const base = stack.app.url;
    await newUser(stack, session, `pia_${dialect}`);
    await page.goto(`${base}/newSpot`);
    await chooseParis(page);
    await page.getByRole('button', { name: 'Drop a pin' }).click();
    const panel = page.getByRole('region', { name: 'Drop a pin' });

    // Nothing filled: each field says what it needs.
    await panel.getByRole('button', { name: 'Save place' }).click();
    await panel.getByText('Enter coordinates like 48.8584, 2.2945.').waitFor();
    await panel.getByText('Name is required.').waitFor();
    await panel.getByText('Choose a category.').waitFor();

    // A click on the map fills the coordinates.
    await page.waitForFunction(
      () =>
        document
          .querySelector('[aria-label="Map for dropping a pin"]')
          ?.closest('[data-map-state]')
          ?.getAttribute('data-map-state') === 'loaded',
    );
    await panel
      .locator('canvas')
      .first()
      .click({ position: { x: 120, y: 120 } });
    await expect
      .poll(() => panel.getByLabel('Coordinates').inputValue())
      .toMatch(/^-?\d+\.\d{5}, -?\d+\.\d{5}$/);

    await panel.getByLabel('Coordinates').fill('48.8530, 2.3499');
    await panel.getByLabel('Name').fill('Secret Courtyard');
    await panel.getByLabel('Category').selectOption({ label: 'Viewpoint' });
    if (dialect === 'sqlite') await screenshot(page, 'newspot-drop-pin-1280-light');
    await panel.getByRole('button', { name: 'Save place' }).click();
    await selectedHeading(page).filter({ hasText: 'Secret Courtyard' }).waitFor();
    await page.getByText('Observation Deck', { exact: true }).waitFor();
    await page
      .locator('article')
      .getByText('Paris, Île-de-France, France', { exact: true })
      .waitFor();
    await page.getByRole('button', { name: 'Save spot' }).click();
    await page.waitForURL(/\/reviews\/\d+$/);
    const id = new URL(page.url()).pathname.split('/').pop();
    const spot = (await (
      await page.context().request.get(`${base}/api/reviews/review/${id}/`)
    ).json()) as Spot;
    expect(spot.place_details).toMatchObject({
      displayName: 'Secret Courtyard',
      primaryType: 'observation_deck',
    });
    expect(spot.place_details.id).toMatch(/^custom:/);
    expect(spot).toMatchObject({ rating: 0, visited: false });
  });

  // A slow connection: the place can be picked before `?list=`'s list has arrived. Saving
  // then would put the spot on no list and go on to the spot, not back to the list.
  onceAcrossDialects(dialect)(
    'with ?list= still loading, waits for the list before offering to save',
    async () => {
      session = await openSession(stack.browser);
      const { page } = session;
      const api = await newUser(stack, session, `lena_${dialect}`);
      const list = await api.post<{ id: number }>('/api/lists/list/', {
        name: 'Museums',
        description: '',
        shareable_by_link: false,
      });
      let arrive!: () => void;
      const held = new Promise<void>((resolve) => {
        arrive = resolve;
      });
      await page.route(new RegExp(`/api/lists/list/${list.id}/?$`), async (route) => {
        await held;
        await route.continue();
      });

      await page.goto(`${stack.app.url}/newSpot?list=${list.id}`);
      await chooseParis(page);
      await pickLouvre(page);
      await page.getByRole('status').filter({ hasText: 'Checking your spots…' }).waitFor();
      expect(await page.getByRole('button', { name: 'Save spot' }).count()).toBe(0);

      arrive();
      await page.getByRole('heading', { level: 1, name: 'Add a spot to Museums' }).waitFor();
      await page.getByRole('button', { name: 'Save spot' }).click();
      await page.waitForURL(`${stack.app.url}/lists/${list.id}`);
      await page.getByRole('heading', { name: 'Spots (1)' }).waitFor();
    },
  );

  it('a pasted Google Maps link offers the place it names; a short link is explained', async () => {
    session = await openSession(stack.browser);
    const { page } = session;
    const base = stack.app.url;
    await newUser(stack, session, `liv_${dialect}`);
    await page.goto(`${base}/newSpot`);

    await placeBox(page).fill('https://maps.app.goo.gl/Qb2QVUpVNLbJDUwq5');
    await page.getByText(PLACE_LINK_MESSAGES.shortLink).waitFor();

    // No area chosen: a link needs none.
    await placeBox(page).fill(EIFFEL_LINK);
    const found = page.getByRole('region', { name: 'Location from your link' });
    await found.getByText('48.85837, 2.29448').waitFor();
    const known = found.getByRole('list', { name: 'Known places here' });
    if (dialect === 'sqlite') {
      await known.waitFor();
      await screenshot(page, 'newspot-pasted-link-1280-light');
    }
    await known.getByRole('button', { name: /^Eiffel Tower/ }).click();
    await selectedHeading(page).filter({ hasText: 'Eiffel Tower' }).waitFor();
    // The area follows the place picked, so a name search works next.
    await page.getByText('Searching near').waitFor();

    // A refused save: the server's message in the form, and spec §8's alert.
    await page.route('**/api/reviews/create-place-review/', (route) =>
      route.fulfill({ status: 400, json: { detail: 'Spots are paused for maintenance.' } }),
    );
    // The form must be the create form of the place picked (its details load after the
    // pick); a waited event, unlike a bare listener, fails with a message if no alert comes.
    await page.getByRole('heading', { name: 'Save it as a spot' }).waitFor();
    // Accepted at once by the listener: a click does not finish while a dialog is open.
    page.once('dialog', (dialog) => void dialog.accept());
    const alerted = page.waitForEvent('dialog');
    await page.getByRole('button', { name: 'Save spot' }).click();
    expect((await alerted).message()).toBe('There was an error submitting your review.');
    await page.getByText('Spots are paused for maintenance.').waitFor();
    await page.unroute('**/api/reviews/create-place-review/');
    await page.getByRole('button', { name: 'Save spot' }).click();
    await page.waitForURL(/\/reviews\/\d+$/);
  });

  it('uses the current location when it is allowed, and explains when it is blocked', async () => {
    session = await openSession(stack.browser);
    const base = stack.app.url;
    await newUser(stack, session, `gia_${dialect}`);
    await session.context.grantPermissions(['geolocation'], { origin: base });
    await session.context.setGeolocation({ latitude: 48.8606, longitude: 2.3376 });
    const { page } = session;
    await page.goto(`${base}/newSpot`);
    await page.getByRole('button', { name: 'Use my current location' }).click();
    await page.getByText('Your current location').waitFor();
    await pickLouvre(page);

    const blocked = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const denied = await blocked.newPage();
    await blocked.addCookies(await session.context.cookies());
    await denied.goto(`${base}/newSpot`);
    await denied.getByRole('button', { name: 'Use my current location' }).click();
    await denied.getByText(BLOCKED).waitFor();
    await denied.getByText('Location Services').waitFor();
    if (dialect === 'sqlite') await screenshot(denied, 'newspot-location-blocked-1280-light');
    await blocked.close();
  });

  onceAcrossDialects(dialect)('looks right at 360 and 1280 px, light and dark', async () => {
    const base = stack.app.url;
    const api = new ApiClient(base);
    await api.register({
      username: 'shots',
      email: 'shots@example.test',
      password: 'spot password 1',
    });
    for (const width of [360, 1280]) {
      for (const colorScheme of ['light', 'dark'] as const) {
        session = await openSession(stack.browser, { width, colorScheme });
        await api.shareSessionWith(session.context);
        const { page } = session;
        const tag = `${width}-${colorScheme}`;
        await page.goto(`${base}/newSpot`);
        await areaBox(page).fill('pari');
        await option(page, PARIS_OPTION).waitFor();
        await screenshot(page, `newspot-area-${tag}`);
        await option(page, PARIS_OPTION).click();
        await placeBox(page).fill('museum');
        await option(page, /^Louvre Museum/).waitFor();
        await screenshot(page, `newspot-search-${tag}`);
        await option(page, /^Louvre Museum/).click();
        await page.getByRole('button', { name: 'Save spot' }).waitFor();
        const review = page.getByLabel('Review');
        const reviewTop = await pageTop(review);
        await review.fill('Worth the queue.');
        await page.getByRole('radio', { name: '5 stars' }).check();
        await mapsSettled(page);
        // The map's arrival moved nothing below it: a star tapped meanwhile stays tapped.
        expect(await pageTop(review)).toBe(reviewTop);
        await screenshot(page, `newspot-selected-${tag}`);
        expect(session.problems).toEqual([]);
        if (width !== 1280 || colorScheme !== 'dark') await session.context.close();
      }
    }
  });
});
