import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const apiTests = ['server/src/**/*.api.test.ts'];

// Unit and API files share their workers' loaded modules instead of importing the server
// again per file: the two suites took 110 s against 191-214 s (decision 025). Each API
// file still builds its own app, database and context; nothing mocks a module or changes
// the environment, spies are put back before every test (a failed test's too), and
// testDialect() stops a file whose TEST_DB disagrees with its project.
const sharedModules = { isolate: false, restoreMocks: true };

/**
 * One runner, four projects: pure unit tests; the API suite over inject against a real
 * SQLite file and again against a real PostgreSQL database; browser scenarios against
 * the app started the way `npm start` starts it.
 */
export default defineConfig({
  test: {
    // One test file per core, not vitest's default of one fewer (a single file at a time on
    // a 2-core machine): API files spend much of their time waiting on PostgreSQL and disk.
    // When this was chosen, the unit and API suites took 392 s in CI against 518 s one at a time.
    // Browser files run two at a time (maxWorkers below).
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'contract/**/*.unit.test.ts',
            'server/**/*.unit.test.ts',
            'web/src/**/*.unit.test.ts',
            'web/build/**/*.unit.test.ts',
          ],
          environment: 'node',
          ...sharedModules,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'api-sqlite',
          include: apiTests,
          env: { TEST_DB: 'sqlite' },
          ...sharedModules,
          globalSetup: [
            'server/test/places-global-setup.ts',
            'server/test/basemap-global-setup.ts',
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api-postgres',
          include: apiTests,
          env: { TEST_DB: 'postgres' },
          ...sharedModules,
          globalSetup: [
            'server/test/places-global-setup.ts',
            'server/test/basemap-global-setup.ts',
            'server/test/postgres-global-setup.ts',
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          // Two files at a time, each with its own server, database and browser: a browser
          // scenario spends much of its time waiting (on a page, a poll, a server start),
          // and the suite took 434 s two at a time against 575 s one at a time on a quiet
          // 2-core machine. More at once would mostly make the screens slower to answer.
          maxWorkers: 2,
          // A poll stands for what a user waits for (a debounced search, a saved order):
          // vitest's 1 s default is less than a 250 ms debounce plus a request takes on a
          // busy 2-core machine; locators wait 30 s already.
          expect: { poll: { timeout: 10_000 } },
          // A guard against a hung scenario, not a speed bound: the longest (two browsers
          // sharing a list) took 47 s with two files at once on a quiet machine, 113 s on a
          // slower one, and 199 s there with a busy loop and another suite beside it.
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
