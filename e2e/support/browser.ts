import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from 'playwright-core';

export const SCREENSHOT_DIR = path.resolve('test-results/screenshots');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
}

/** Browser console noise a real user would also see and that is expected: the
 * network log line Chromium prints for a 4xx answer the page handles itself. */
const EXPECTED_CONSOLE = /Failed to load resource: the server responded with a status of 4\d\d/;

export interface Session {
  context: BrowserContext;
  page: Page;
  /** console errors, page errors and requests that tried to leave the machine */
  problems: string[];
  /** The page's last requests and their answers, printed when a test fails. */
  trail: string[];
}

const TRAIL_LENGTH = 40;

/**
 * A fresh browser profile (its own cookies) whose every request must stay on this
 * machine; anything else is aborted and recorded as a problem, as are console errors.
 */
export async function openSession(
  browser: Browser,
  options: { width?: number; colorScheme?: 'light' | 'dark' } = {},
): Promise<Session> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: 900 },
    colorScheme: options.colorScheme ?? 'light',
  });
  const problems: string[] = [];
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    const local =
      ['127.0.0.1', 'localhost'].includes(url.hostname) ||
      ['data:', 'blob:'].includes(url.protocol);
    if (local) return route.continue();
    problems.push(`request left the machine: ${url.href}`);
    return route.abort();
  });
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error' && !EXPECTED_CONSOLE.test(message.text())) {
      problems.push(`console error: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  const trail: string[] = [];
  const follow = (line: string) => trail.push(line) > TRAIL_LENGTH && trail.shift();
  const named = (url: string) => new URL(url).pathname;
  // The answer's status comes with the event: nothing is asked of the browser afterwards.
  page.on('response', (response) => {
    const request = response.request();
    follow(`${request.method()} ${named(request.url())} → ${response.status()}`);
  });
  page.on('requestfailed', (request) => {
    follow(`${request.method()} ${named(request.url())} ✗ ${request.failure()?.errorText ?? ''}`);
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) follow(`at ${named(frame.url())}`);
  });
  return { context, page, problems, trail };
}

/**
 * After a test: a failed one prints where its page was and what it last asked (with a
 * screenshot), so a failure seen once in CI can be read afterwards; then the page's
 * problems are checked and the profile closed.
 */
export async function checkAndClose(
  session: Session,
  test?: { fullName: string; result?: { state: string } },
) {
  if (test?.result?.state === 'fail') await reportFailure(session, test.fullName);
  expect(session.problems).toEqual([]);
  await session.context.close();
}

async function reportFailure({ page, trail, problems }: Session, testName: string) {
  const name = `failed-${testName.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)}`;
  const shown = await page
    .locator('body')
    .ariaSnapshot({ timeout: 5_000 })
    .catch((error: unknown) => `(no snapshot: ${String(error)})`);
  await screenshot(page, name).catch(() => undefined);
  console.error(
    [
      `${testName}: the page at its failure (screenshot ${name}.png)`,
      `url: ${page.url()}`,
      `problems: ${problems.join('; ') || 'none'}`,
      'last requests:',
      ...trail.map((line) => `  ${line}`),
      'what it showed:',
      shown.slice(0, 4_000),
    ].join('\n'),
  );
}

/** Saves a screenshot under test-results/screenshots/ to look at: the page, or its first screen. */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage });
}

/**
 * Waits until the CSS animations and transitions of `target` and everything in it have
 * ended (a modal's entrance, a fade-in), so a screenshot shows it at rest. Endless ones
 * (a spinner) are not waited for.
 */
export async function animationsDone(target: Locator) {
  await target.evaluate((element) =>
    Promise.all(
      element
        .getAnimations({ subtree: true })
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}
