import { statSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { AUTH_MESSAGES } from '@spotbook/contract';
import { ApiClient } from './support/api-client.ts';
import { screenshot, SCREENSHOT_DIR, type Session } from './support/browser.ts';
import { createSpot, findPlaceId, PARIS } from './support/lists-seed.ts';
import {
  backgroundColor,
  contrastOf,
  contrastSamples,
  controlNames,
  horizontalOverflow,
  logoutBehindThePagesBack,
  luminance,
  sessionFromPage,
  type ContrastSample,
  tabAndDescribe,
  type FocusStop,
} from './support/shell-checks.ts';
import { settleMap } from './support/spots-page.ts';
import { DIALECTS, onceAcrossDialects, useStack } from './support/stack.ts';

/**
 * Issue 2 §4, the web app shell, in a real browser: every route of the spec's table,
 * the top bar and footer, scrolling and modals on route changes, the "credentials not
 * provided" rule, keyboard use, dark mode, contrast and the 360 px layout.
 */

const PASSWORD = 'shell password 1';
const INTRO = 'Create spots to privately review places';
const PITCH = 'Every place worth remembering, in one notebook.';
const LIST_NAME = 'Weekend in Paris';
const SCHEMES = ['light', 'dark'] as const;
type Scheme = (typeof SCHEMES)[number];

/** What a route must end up showing: the final path and a text only that page has. */
interface Expected {
  path: string;
  shows: { heading: string } | { text: string };
  /** a sign-in prompt (Sign In / Sign Up buttons in the page) */
  prompt?: boolean;
}

const home = (signedIn: boolean): Expected =>
  signedIn
    ? { path: '/', shows: { text: INTRO } }
    : { path: '/', shows: { heading: PITCH }, prompt: true };
const notFound: Expected = { path: '/not-found', shows: { heading: 'Page not found' } };
const stays = (path: string, heading: string, prompt = false): Expected => ({
  path,
  shows: { heading },
  prompt,
});

/** The spec §2 table (plus /about and an unknown path), for one kind of visitor. */
function routeTable(signedIn: boolean): [string, Expected][] {
  return [
    ['/', home(signedIn)],
    ['/not-found', notFound],
    ['/signin', signedIn ? home(true) : stays('/signin', 'Sign In')],
    ['/signup', signedIn ? home(true) : stays('/signup', 'Sign Up')],
    ['/requestpassword', stays('/requestpassword', 'Reset your password')],
    ['/reset-password/x/y', stays('/reset-password/x/y', 'Choose a new password')],
    [
      '/newlist',
      signedIn
        ? stays('/newlist', 'Create a list')
        : stays('/newlist', 'Sign in to create a list', true),
    ],
    ['/lists/123', notFound],
    ['/lists/123/delete', home(signedIn)],
    ['/reviews/123', notFound],
    ['/reviews/123/delete', home(signedIn)],
    [
      '/newSpot',
      signedIn
        ? stays('/newSpot', 'Find a spot')
        : stays('/newSpot', 'Sign in to add a spot', true),
    ],
    ['/about', stays('/about', 'About Spotbook')],
    ['/no/such/page', { path: '/no/such/page', shows: { heading: 'Page not found' } }],
  ];
}

async function waitForShown(page: Page, expected: Expected) {
  const main = page.locator('main');
  if ('heading' in expected.shows) {
    await main
      .getByRole('heading', { level: 1, name: expected.shows.heading, exact: true })
      .waitFor();
  } else {
    await main.getByText(expected.shows.text).first().waitFor();
  }
}

/**
 * Quiet enough to measure: fonts in, then no request for a moment (capped: a map may keep
 * streaming tiles). For a photograph, also a map (if any) drawn and at rest.
 */
async function settle(page: Page, { forPhoto = false } = {}) {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  if (forPhoto && (await page.locator('[data-map-state]').count())) await settleMap(page);
  await page
    .waitForLoadState('networkidle', { timeout: forPhoto ? 1_500 : 700 })
    .catch(() => undefined);
}

/** Sign-up with every field wrong, submitted: the shared schema's messages in place. */
async function showSignUpErrors(page: Page) {
  await page.getByLabel('Email').fill('not an address');
  await page.getByLabel('Username').fill('a');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm Password').fill('other');
  // Enter, not a click: leaving the last field shows its message above the button, which
  // moves it, and a click started on it then ends elsewhere (see the report on forms.ts).
  await page.getByLabel('Confirm Password').press('Enter');
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.id))
    .toBe(await page.getByLabel('Email').getAttribute('id'));
  await page.getByText(AUTH_MESSAGES.emailInvalid).waitFor();
  await page.getByText(AUTH_MESSAGES.passwordTooShort).first().waitFor();
}

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

async function scrollToBottom(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const y = await scrollY(page);
  expect(y, 'the page is long enough to scroll').toBeGreaterThan(200);
}

describe.each(DIALECTS)('the app shell in a real browser on %s', (dialect) => {
  const stack = useStack(dialect);
  const open = stack.open;
  let base: string;
  const ada = { username: `ada_${dialect}`, email: `ada.${dialect}@example.test` };
  const bob = { username: `bob_${dialect}`, email: `bob.${dialect}@example.test` };
  let listId: number;
  let spotId: number;

  /** A browser profile signed in with its own server session (logging out one leaves the rest). */
  async function openSignedIn(
    who: { username: string } = ada,
    options: { width?: number; colorScheme?: Scheme } = {},
  ) {
    const session = await open(options);
    const api = new ApiClient(base);
    await api.login(who.username, PASSWORD);
    await api.shareSessionWith(session.context);
    return session;
  }

  beforeAll(async () => {
    base = stack.app.url;
    const adaApi = new ApiClient(base);
    await adaApi.register({ ...ada, password: PASSWORD });
    await new ApiClient(base).register({ ...bob, password: PASSWORD });
    const list = await adaApi.post<{ id: number }>('/api/lists/list/', {
      name: LIST_NAME,
      description: 'Two days, the classics and a few quiet corners.',
      shareable_by_link: false,
    });
    listId = list.id;
    const eiffel = await findPlaceId(adaApi, 'Eiffel Tower', PARIS);
    spotId = await createSpot(adaApi, eiffel, {
      review: 'Go at dusk for the lights.',
      rating: 5,
      listId,
    });
  });

  onceAcrossDialects(dialect)(
    'opens every route at 360 px, signed out and in: the right page, no errors, no sideways scroll',
    async () => {
      const [anonymous, anonymous2, signedIn, signedIn2, other] = await Promise.all([
        open({ width: 360 }),
        open({ width: 360 }),
        openSignedIn(ada, { width: 360 }),
        openSignedIn(ada, { width: 360 }),
        openSignedIn(bob, { width: 360 }),
      ]);
      const failures: string[] = [];

      async function sweep(session: Session, who: string, routes: [string, Expected][]) {
        const { page } = session;
        for (const [route, expected] of routes) {
          const where = `${who} ${route}`;
          try {
            await page.goto(base + route);
            await waitForShown(page, expected);
            await settle(page);
            const path = new URL(page.url()).pathname;
            if (path !== expected.path)
              failures.push(`${where}: ended on ${path}, not ${expected.path}`);
            if (expected.prompt) {
              const main = page.locator('main');
              const signIn = main.getByRole('link', { name: 'Sign In', exact: true });
              const signUp = main.getByRole('link', { name: 'Sign Up', exact: true });
              if ((await signIn.getAttribute('href')) !== '/signin' || !(await signUp.count()))
                failures.push(`${where}: no sign-in prompt`);
            }
            const overflow = await horizontalOverflow(page);
            if (overflow.scrollWidth > 360)
              failures.push(
                `${where}: ${overflow.scrollWidth} px wide: ${overflow.culprits.join(', ')}`,
              );
          } catch (error) {
            failures.push(`${where}: ${(error as Error).message.split('\n')[0]}`);
          }
          for (const problem of session.problems.splice(0)) failures.push(`${where}: ${problem}`);
        }
      }

      const signedOutRoutes: [string, Expected][] = [
        ...routeTable(false),
        // Real ids: someone's private list, and their delete pages.
        [`/lists/${listId}`, stays(`/lists/${listId}`, 'This list is not public')],
        [`/lists/${listId}/delete`, home(false)],
        [`/reviews/${spotId}/delete`, home(false)],
      ];
      const ownerRoutes: [string, Expected][] = [
        ...routeTable(true),
        [`/lists/${listId}`, stays(`/lists/${listId}`, LIST_NAME)],
        [
          `/lists/${listId}/delete`,
          stays(`/lists/${listId}/delete`, `Are you sure you want to delete ${LIST_NAME}?`),
        ],
        [`/reviews/${spotId}`, stays(`/reviews/${spotId}`, 'Eiffel Tower')],
        [
          `/reviews/${spotId}/delete`,
          stays(
            `/reviews/${spotId}/delete`,
            'Are you sure you want to delete Eiffel Tower from your spots?',
          ),
        ],
      ];
      const half = <T>(items: T[], second: boolean) => items.filter((_, i) => i % 2 === +second);
      // Two profiles per kind of visitor, side by side, to keep the run short.
      await Promise.all([
        sweep(anonymous, 'signed out', half(signedOutRoutes, false)),
        sweep(anonymous2, 'signed out', half(signedOutRoutes, true)),
        sweep(signedIn, 'owner', half(ownerRoutes, false)),
        sweep(signedIn2, 'owner', half(ownerRoutes, true)),
        // Someone else's delete pages send a signed-in non-owner home too.
        sweep(other, 'non-owner', [
          [`/lists/${listId}/delete`, home(true)],
          [`/reviews/${spotId}/delete`, home(true)],
        ]),
      ]);
      expect(failures).toEqual([]);
    },
  );

  onceAcrossDialects(dialect)(
    'serves the built code pre-compressed (brotli, gzip or plain as asked), cached for a year',
    async () => {
      const html = await (await fetch(base)).text();
      const scripts = [...html.matchAll(/src="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts) {
        const plain = await fetch(base + script, { headers: { 'accept-encoding': 'identity' } });
        const body = Buffer.from(await plain.arrayBuffer());
        expect(plain.headers.get('content-encoding')).toBeNull();
        expect(plain.headers.get('cache-control')).toContain('immutable');
        for (const encoding of ['br', 'gzip']) {
          const response = await fetch(base + script, {
            headers: { 'accept-encoding': encoding },
          });
          expect(response.headers.get('content-encoding')).toBe(encoding);
          // The very file the build wrote (web/build/precompress.ts), not compressed per request.
          const file = path.join('web/dist', `${script}.${encoding === 'br' ? 'br' : 'gz'}`);
          expect(Number(response.headers.get('content-length'))).toBe(statSync(file).size);
          // fetch decodes the body: it comes out as the plain file.
          expect(response.headers.get('cache-control')).toContain('immutable');
          expect(Buffer.from(await response.arrayBuffer())).toEqual(body);
        }
      }
    },
  );

  it('top bar and footer: the logo goes home, the contact link, Home, and Logout ends the session', async () => {
    const { page } = await open();
    await page.goto(`${base}/about`);
    await waitForShown(page, stays('/about', 'About Spotbook'));
    const footer = page.locator('footer');
    const contact = footer.locator('a[href^="mailto:"]');
    expect(await contact.count()).toBe(1);
    const href = (await contact.getAttribute('href'))!;
    expect(href).toMatch(/^mailto:[^@\s]+@[^@\s]+\.[^@\s]+$/);
    expect((await contact.textContent())?.trim()).toBe(href.slice('mailto:'.length));
    // Signed out: no Home or Logout in the footer.
    expect(await footer.getByRole('button', { name: 'Logout' }).count()).toBe(0);
    expect(await footer.getByRole('link', { name: 'Home', exact: true }).count()).toBe(0);
    await page.getByRole('link', { name: 'Spotbook home' }).click();
    await page.waitForURL(`${base}/`);
    await waitForShown(page, home(false));

    const signedIn = await openSignedIn();
    const me = signedIn.page;
    await me.goto(`${base}/about`);
    await waitForShown(me, stays('/about', 'About Spotbook'));
    const myFooter = me.locator('footer');
    expect(await myFooter.locator('a[href^="mailto:"]').getAttribute('href')).toBe(href);
    await myFooter.getByRole('link', { name: 'Home', exact: true }).click();
    await me.waitForURL(`${base}/`);
    await waitForShown(me, home(true));
    await me.getByRole('link', { name: 'Spotbook home' }).click();
    await waitForShown(me, home(true));

    // Logout: the server forgets the session (the old cookie no longer works), and home.
    await me.goto(`${base}/about`);
    await waitForShown(me, stays('/about', 'About Spotbook'));
    const oldCookies = await signedIn.context.cookies(base);
    await myFooter.getByRole('button', { name: 'Logout' }).click();
    await me.waitForURL(`${base}/`);
    await waitForShown(me, home(false));
    expect(await sessionFromPage(me)).toEqual({ user: null });
    const replayed = await fetch(`${base}/api/user/session/`, {
      headers: { Cookie: oldCookies.map((c) => `${c.name}=${c.value}`).join('; ') },
    });
    expect(((await replayed.json()) as { user: unknown }).user).toBeNull();
    expect(await myFooter.getByRole('button', { name: 'Logout' }).count()).toBe(0);
    await me.locator('header').getByRole('link', { name: 'Sign In' }).waitFor();
  });

  it('every route change scrolls to the top', async () => {
    const [anonymous, signedIn] = await Promise.all([
      open({ width: 360 }),
      openSignedIn(ada, { width: 360 }),
    ]);

    // Signed out: the long pitch → footer link → /about → sticky logo → home.
    let page = anonymous.page;
    await page.goto(base);
    await waitForShown(page, home(false));
    await scrollToBottom(page);
    await page.locator('footer').getByRole('link', { name: /About/ }).click();
    await waitForShown(page, stays('/about', 'About Spotbook'));
    expect(await scrollY(page)).toBe(0);
    await scrollToBottom(page);
    await page.getByRole('link', { name: 'Spotbook home' }).click();
    await waitForShown(page, home(false));
    expect(await scrollY(page)).toBe(0);
    // The browser's Back button is a route change too.
    await scrollToBottom(page);
    await page.goBack();
    await waitForShown(page, stays('/about', 'About Spotbook'));
    expect(await scrollY(page)).toBe(0);

    // Signed in: home (with its gallery) → /about → the footer's Home → a spot card.
    page = signedIn.page;
    await page.goto(base);
    await waitForShown(page, home(true));
    await settle(page);
    await scrollToBottom(page);
    await page.locator('footer').getByRole('link', { name: /About/ }).click();
    await waitForShown(page, stays('/about', 'About Spotbook'));
    expect(await scrollY(page)).toBe(0);
    await scrollToBottom(page);
    await page.locator('footer').getByRole('link', { name: 'Home', exact: true }).click();
    await waitForShown(page, home(true));
    expect(await scrollY(page)).toBe(0);
    await settle(page);
    const card = page.locator(`main a[href^="/reviews/${spotId}"]`).first();
    await card.scrollIntoViewIfNeeded();
    expect(await scrollY(page)).toBeGreaterThan(0);
    await card.click();
    await waitForShown(page, stays(`/reviews/${spotId}`, 'Eiffel Tower'));
    expect(await scrollY(page)).toBe(0);
  });

  it('a modal closes on Escape, on its backdrop and on a route change, traps Tab and gives focus back', async () => {
    const { page } = await openSignedIn();
    await page.goto(base);
    await waitForShown(page, home(true));
    // An in-app visit (so Back below is a route change inside the app).
    await page.locator('main').getByRole('link', { name: LIST_NAME }).first().click();
    await waitForShown(page, stays(`/lists/${listId}`, LIST_NAME));
    const share = page.locator('main').getByRole('button', { name: 'Share', exact: true });
    const dialog = page.getByRole('dialog', { name: 'Make list shareable by link?' });
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        return {
          name: (el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim(),
          inDialog: !!el?.closest('dialog[open]'),
        };
      });

    // Opened from the keyboard: focus moves in, and Tab / Shift+Tab stay inside.
    await share.focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    expect(await focused()).toEqual({ name: 'Yes', inDialog: true });
    // Centred: the panel's middle is the viewport's middle, once its rise-in has ended.
    await dialog.evaluate((d) =>
      Promise.all(d.getAnimations({ subtree: true }).map((a) => a.finished)),
    );
    const panel = await dialog.locator('h2').evaluate((h) => {
      const r = h.closest('dialog > *')!.getBoundingClientRect();
      return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
    });
    expect(Math.abs(panel.x - 640)).toBeLessThan(2);
    expect(Math.abs(panel.y - 450)).toBeLessThan(2);
    const forward: string[] = [];
    for (let i = 0; i < 7; i++) {
      await page.keyboard.press('Tab');
      const now = await focused();
      expect(now.inDialog, `Tab ${i + 1} left the dialog (on "${now.name}")`).toBe(true);
      forward.push(now.name);
    }
    expect(new Set(forward)).toEqual(new Set(['Close', 'No', 'Yes']));
    expect(forward.slice(0, 3)).toEqual(forward.slice(3, 6)); // a cycle, not a dead end
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Shift+Tab');
      expect((await focused()).inDialog).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await focused()).toEqual({ name: 'Share', inDialog: false });

    // A click inside the panel keeps it; a click on the dimmed backdrop closes it.
    await share.click();
    await dialog.waitFor();
    await dialog.getByText('Only lists that are shareable by link').click();
    expect(await dialog.isVisible()).toBe(true);
    await page.mouse.click(8, 8);
    await dialog.waitFor({ state: 'detached' });
    expect((await focused()).name).toBe('Share');
    expect(await page.evaluate(() => document.querySelector('dialog[open]'))).toBeNull();

    // Close and No close it too.
    for (const button of ['Close', 'No']) {
      await share.click();
      await dialog.getByRole('button', { name: button, exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
    }

    // A route change (the browser's Back) closes it, and the page behind is usable again.
    await share.click();
    await dialog.waitFor();
    if (dialect === 'sqlite') {
      // The viewport only: the backdrop covers the screen, not the whole page.
      await settleMap(page);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'shell-modal-1280-light.png') });
    }
    await page.goBack();
    await waitForShown(page, home(true));
    expect(
      await page.evaluate(() => document.querySelectorAll('dialog[open], [inert]').length),
    ).toBe(0);
    await page.locator('main').getByRole('link', { name: LIST_NAME }).first().click();
    await waitForShown(page, stays(`/lists/${listId}`, LIST_NAME));
    expect(await dialog.count()).toBe(0);
  });

  it('a 403 "credentials were not provided" anywhere sends the user home, signed out', async () => {
    // On /about: the session ends on the server; the footer's Home loads the user's lists.
    const first = await openSignedIn();
    let page = first.page;
    await page.goto(`${base}/about`);
    await waitForShown(page, stays('/about', 'About Spotbook'));
    await logoutBehindThePagesBack(first.context, base);
    await page.locator('footer').getByRole('link', { name: 'Home', exact: true }).click();
    await waitForShown(page, home(false));
    expect(new URL(page.url()).pathname).toBe('/');
    await page.locator('header').getByRole('link', { name: 'Sign In' }).waitFor();
    expect(await page.locator('footer').getByRole('button', { name: 'Logout' }).count()).toBe(0);

    // On /newSpot: the first search after the session ended answers 403 → home.
    const second = await openSignedIn();
    page = second.page;
    await page.goto(base);
    await waitForShown(page, home(true));
    await page
      .locator('header')
      .getByRole('link', { name: /Add spot/ })
      .click();
    await waitForShown(page, stays('/newSpot', 'Find a spot'));
    await logoutBehindThePagesBack(second.context, base);
    await page.getByRole('combobox', { name: 'City or area' }).fill('pari');
    await page.waitForURL(`${base}/`);
    await waitForShown(page, home(false));
    expect(await sessionFromPage(page)).toEqual({ user: null });
  });

  it('works from the keyboard: Tab reaches the sign-in fields in order, each ring visible, Enter submits; every field is labelled', async () => {
    const { page } = await open();
    await page.goto(`${base}/signin`);
    await waitForShown(page, stays('/signin', 'Sign In'));
    const stops: FocusStop[] = [];
    for (let i = 0; i < 25; i++) {
      const stop = await tabAndDescribe(page);
      stops.push(stop);
      if (stop.name === 'Username or Email') await page.keyboard.type(ada.email);
      if (stop.name === 'Password' && stop.tag === 'input') await page.keyboard.type(PASSWORD);
      if (stop.tag === 'button' && stop.name === 'Sign In') break;
    }
    const at = (match: (s: FocusStop) => boolean) => stops.findIndex(match);
    const login = at((s) => s.tag === 'input' && s.name === 'Username or Email');
    const password = at((s) => s.tag === 'input' && s.name === 'Password');
    const toggle = at((s) => s.name === 'Show password');
    const forgot = at((s) => s.name === 'I Forgot My Password');
    const submit = at((s) => s.tag === 'button' && s.name === 'Sign In');
    const order = stops.map((s) => s.label).join(' → ');
    expect(login, order).toBeGreaterThan(-1);
    expect([login < password, password < toggle, toggle < forgot, forgot < submit], order).toEqual([
      true,
      true,
      true,
      true,
    ]);
    // The skip link comes first, and nothing between the fields and the button is a surprise.
    expect(stops[0]!.name).toBe('Skip to content');
    for (const stop of stops) {
      expect(stop.name, `a focus stop without a name: ${stop.label}`).not.toBe('');
      expect(stop.focusVisible, stop.label).toBe(true);
      expect(stop.indicator, `no focus indicator on ${stop.label}`).not.toBeNull();
      expect(
        stop.indicatorContrast ?? 0,
        `${stop.label}: ${stop.indicator}`,
      ).toBeGreaterThanOrEqual(3);
    }
    // The rings show in the dark theme too.
    const dark = await open({ colorScheme: 'dark' });
    await dark.page.goto(`${base}/signin`);
    await waitForShown(dark.page, stays('/signin', 'Sign In'));
    for (let i = 0; i < 25; i++) {
      const stop = await tabAndDescribe(dark.page);
      expect(stop.focusVisible, `dark: ${stop.label}`).toBe(true);
      expect(
        stop.indicatorContrast ?? 0,
        `dark: ${stop.label}: ${stop.indicator}`,
      ).toBeGreaterThanOrEqual(3);
      if (stop.tag === 'button' && stop.name === 'Sign In') break;
    }

    // Enter in the password field signs in.
    await page.getByLabel('Password', { exact: true }).focus();
    await page.keyboard.press('Enter');
    await waitForShown(page, home(true));

    // Every control of the auth pages (and the signed-in forms) has an accessible name.
    const signedIn = await openSignedIn();
    const pages: [Page, string, string][] = [
      [page, '/signin', 'Sign In'],
      [page, '/signup', 'Sign Up'],
      [page, '/requestpassword', 'Reset your password'],
      [page, '/reset-password/x/y', 'Choose a new password'],
      [signedIn.page, '/newlist', 'Create a list'],
      [signedIn.page, '/newSpot', 'Find a spot'],
    ];
    // The first page above needs a signed-out profile again.
    await page.locator('footer').getByRole('button', { name: 'Logout' }).click();
    await waitForShown(page, home(false));
    for (const [p, route, heading] of pages) {
      await p.goto(base + route);
      await waitForShown(p, stays(route, heading));
      const controls = await controlNames(p);
      expect(controls.length, route).toBeGreaterThan(0);
      for (const { control, name } of controls) expect(name, `${route} ${control}`).not.toBe('');
    }
  });

  it('follows the system dark mode; body text and primary buttons have at least 4.5:1', async () => {
    const bodies: Partial<Record<Scheme, number>> = {};
    const failures: string[] = [];
    await Promise.all(
      SCHEMES.map(async (colorScheme) => {
        const { page } = await open({ colorScheme });
        await page.goto(base);
        await waitForShown(page, home(false));
        bodies[colorScheme] = luminance(await backgroundColor(page, 'body'));
        const samples: [string, ContrastSample][] = [
          ['home body text', await contrastOf(page.getByText('Spotbook keeps the places'))],
          [
            'home primary button',
            await contrastOf(page.locator('main').getByRole('link', { name: 'Sign Up' })),
          ],
        ];
        await page.goto(`${base}/signin`);
        await waitForShown(page, stays('/signin', 'Sign In'));
        samples.push(
          ['sign-in body text', await contrastOf(page.getByText('Welcome back.'))],
          ['sign-in label', await contrastOf(page.getByText('Username or Email'))],
          ['sign-in primary button', await contrastOf(page.locator('main button[type="submit"]'))],
        );
        for (const [what, sample] of samples) {
          if (sample.ratio < 4.5) failures.push(`${colorScheme} ${what}: ${sample.ratio}`);
        }
      }),
    );
    expect(bodies.light!, 'light body background').toBeGreaterThan(0.8);
    expect(bodies.dark!, 'dark body background').toBeLessThan(0.05);
    expect(failures).toEqual([]);
  });

  onceAcrossDialects(dialect)(
    'screenshots of the main screens at 360 and 1280 px, light and dark; every text readable',
    async () => {
      const screens: {
        name: string;
        signedIn: boolean;
        route: string;
        expected: Expected;
        prepare?: (page: Page) => Promise<void>;
      }[] = [
        { name: 'home-signed-out', signedIn: false, route: '/', expected: home(false) },
        {
          name: 'home-signed-in',
          signedIn: true,
          route: '/',
          expected: home(true),
          prepare: settleMap,
        },
        {
          name: 'signin',
          signedIn: false,
          route: '/signin',
          expected: stays('/signin', 'Sign In'),
        },
        {
          name: 'signup-errors',
          signedIn: false,
          route: '/signup',
          expected: stays('/signup', 'Sign Up'),
          prepare: showSignUpErrors,
        },
        {
          name: 'request-password',
          signedIn: false,
          route: '/requestpassword',
          expected: stays('/requestpassword', 'Reset your password'),
        },
        { name: 'not-found', signedIn: false, route: '/no/such/page', expected: notFound },
        {
          name: 'about',
          signedIn: false,
          route: '/about',
          expected: stays('/about', 'About Spotbook'),
        },
        {
          name: 'new-list',
          signedIn: true,
          route: '/newlist',
          expected: stays('/newlist', 'Create a list'),
        },
        {
          name: 'new-spot',
          signedIn: true,
          route: '/newSpot',
          expected: stays('/newSpot', 'Find a spot'),
        },
      ];
      const runs = SCHEMES.flatMap((colorScheme) =>
        [360, 1280].map((width) => ({ colorScheme, width })),
      );
      const failures: string[] = [];
      await Promise.all(
        runs.map(async ({ colorScheme, width }) => {
          const anonymous = await open({ width, colorScheme });
          const signedIn = await openSignedIn(ada, { width, colorScheme });
          for (const screen of screens) {
            const { page } = screen.signedIn ? signedIn : anonymous;
            await page.goto(base + screen.route);
            await waitForShown(page, screen.expected);
            await settle(page, { forPhoto: true });
            await screen.prepare?.(page);
            // A full-page shot draws the sticky top bar where the page is scrolled to.
            await page.evaluate(() => window.scrollTo(0, 0));
            await screenshot(page, `shell-${screen.name}-${width}-${colorScheme}`);

            // Every piece of text on the screen against what is painted behind it.
            const where = `${screen.name} ${width} ${colorScheme}`;
            const samples = await contrastSamples(page);
            if (samples.length < 5) failures.push(`${where}: only ${samples.length} texts`);
            for (const t of samples.filter((t) => t.ratio < t.minimum)) {
              failures.push(
                `${where} ${t.what} "${t.text}": ${t.ratio} < ${t.minimum} (rgb ${t.color.slice(0, 3).join(',')} on ${t.background.slice(0, 3).join(',')})`,
              );
            }
          }
        }),
      );
      expect(failures).toEqual([]);
    },
  );
});
