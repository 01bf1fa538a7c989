import { afterAll, afterEach, beforeAll, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { freshSchemaUrl } from '../../server/test/postgres.ts';
import { startApp, type RunningApp } from './app-server.ts';
import { checkAndClose, launchBrowser, openSession, type Session } from './browser.ts';
import { startMailServer } from './mail-server.ts';

export type Dialect = 'sqlite' | 'postgres';
export const DIALECTS: Dialect[] = ['sqlite', 'postgres'];

export interface Stack {
  app: RunningApp;
  mail: Awaited<ReturnType<typeof startMailServer>>;
  browser: Browser;
  stop(): Promise<void>;
}

/**
 * The app on the chosen database, a real SMTP server it mails through, and a browser.
 * The app's DATA_DIR starts with the run's prebuilt basemap, unless `freshBasemap` asks
 * for a server that cuts its tiles on its first map request, as a new deployment does.
 */
export async function startStack(
  dialect: Dialect,
  env: Record<string, string> = {},
  { freshBasemap = false } = {},
): Promise<Stack> {
  // The browser starts while the server does (each takes seconds on a busy machine).
  const launching = launchBrowser();
  const starting = (async () => {
    const mail = await startMailServer();
    try {
      const databaseUrl =
        dialect === 'postgres' ? await freshSchemaUrl(inject('e2ePostgresUrl')) : undefined;
      const app = await startApp(
        {
          SMTP_URL: mail.url,
          EXAMPLE_LISTS: '0',
          ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
          ...env,
        },
        { basemap: freshBasemap ? undefined : inject('e2eBasemap') },
      );
      return { mail, app };
    } catch (error) {
      await mail.close();
      throw error;
    }
  })();
  const [browser, started] = await Promise.allSettled([launching, starting]);
  if (browser.status === 'rejected' || started.status === 'rejected') {
    if (browser.status === 'fulfilled') await browser.value.close();
    if (started.status === 'fulfilled') {
      await started.value.app.stop();
      await started.value.mail.close();
    }
    throw browser.status === 'rejected'
      ? browser.reason
      : (started as PromiseRejectedResult).reason;
  }
  const { mail, app } = started.value;
  const { value: chromium } = browser;
  return {
    app,
    mail,
    browser: chromium,
    async stop() {
      await chromium.close();
      await app.stop();
      await mail.close();
    },
  };
}

interface StackInUse extends Stack {
  /** A fresh browser profile, closed after the test, which fails if the page had problems. */
  open(options?: Parameters<typeof openSession>[1]): Promise<Session>;
  /** Checks and closes a session before the test ends (a test that opens one per layout). */
  close(session: Session): Promise<void>;
}

/**
 * The setup the browser suites share: a stack for the describe block, started in
 * `beforeAll` and stopped in `afterAll`. The returned object is filled in `beforeAll`
 * (read it in hooks and tests); every session opened with `open` is checked and closed
 * after each test.
 */
export function useStack(dialect: Dialect, env: Record<string, string> = {}): StackInUse {
  const sessions: Session[] = [];
  const stack = {
    async open(options) {
      const session = await openSession(stack.browser, options);
      sessions.push(session);
      return session;
    },
    async close(session) {
      sessions.splice(sessions.indexOf(session), 1);
      await checkAndClose(session);
    },
  } as StackInUse;
  beforeAll(async () => {
    Object.assign(stack, await startStack(dialect, env));
  });
  afterAll(() => stack.stop?.()); // absent when beforeAll failed
  afterEach(async ({ task }) => {
    for (const session of sessions.splice(0)) await checkAndClose(session, task);
  });
  return stack;
}

/**
 * For tests that need to run once, not per database: screenshots, layout sweeps and
 * browser timings don't depend on the database (the API suite covers both). On the other dialects the test is simply not defined, so
 * nothing is reported as skipped.
 */
export function onceAcrossDialects(dialect: Dialect): typeof it {
  return dialect === DIALECTS[0] ? it : ((() => undefined) as unknown as typeof it);
}
