import { existsSync } from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTORS, MatrixFixtures } from '../test/authorization-fixtures.ts';
import { createTestApp, type TestApp } from '../test/helper.ts';
import { routeCollector } from '../test/route-table.ts';
import { ROWS, type Expected, type Row } from './authorization-matrix.table.ts';
import { WEB_DIST } from './plugins/web-app.ts';

/**
 * The authorization matrix (issue 10): every route of the app × anonymous, owner, other
 * signed-in user, viewer of a shareable list and follower, each cell a real request
 * against the real app (table: authorization-matrix.table.ts). Writes carry a valid CSRF
 * token (TestClient), so what is tested is who may, not whether the token is there.
 */
const collector = routeCollector();
let t: TestApp;
let fx: MatrixFixtures;

beforeAll(async () => {
  t = await createTestApp({}, { onRoute: collector.onRoute });
  // Tiles and map pictures need the basemap, built once (seconds, in a child process):
  // started now so it is cut while the fixtures are written.
  const basemap = t.ctx.basemap.ready();
  fx = await MatrixFixtures.build(t);
  await basemap;
});
afterAll(() => t?.close());

const methodsOf = (row: Row) => (row.method === 'GET' ? (['GET', 'HEAD'] as const) : [row.method]);

/**
 * A file of the built web app: @fastify/static (wildcard off) gives each one a route of
 * its own, which changes with every build, so they are accounted for by this rule
 * instead of rows, and sent below like any other public route.
 */
const isWebAppFile = (route: string) => collector.servesFileOf(route, WEB_DIST);

describe('the authorization matrix', () => {
  it('has a row for every route the app serves, and no row for a route it does not', () => {
    const served = collector.routes();
    expect(served.length).toBeGreaterThan(0);
    const rowKeys = ROWS.map((row) => `${row.method} ${row.url}`);
    expect(rowKeys.filter((key, i) => rowKeys.indexOf(key) !== i)).toEqual([]);
    const covered = new Set(ROWS.flatMap((row) => methodsOf(row).map((m) => `${m} ${row.url}`)));
    const withoutRow = served.filter((route) => !covered.has(route) && !isWebAppFile(route));
    const stale = ROWS.filter(
      (row) => !methodsOf(row).some((m) => served.includes(`${m} ${row.url}`)),
    ).map((row) => `${row.method} ${row.url}`);
    // withoutRow: add the route's row to authorization-matrix.table.ts;
    // stale: the table names a route the app no longer has.
    expect({ withoutRow, stale }).toEqual({ withoutRow: [], stale: [] });
  });

  it("serves the built web app's files to everyone (none when web/dist is not built)", async () => {
    // The same bytes for everyone, and no session is even looked up outside /api/: each
    // file's GET and HEAD are sent once, by the five actors in turn, all at once.
    // A file a rebuild of web/dist removed since the app started is no longer there to send.
    const stillBuilt = (route: string) => existsSync(path.join(WEB_DIST, route.split(' ')[1]!));
    const routes = collector.routes().filter(isWebAppFile).filter(stillBuilt);
    const statuses = await Promise.all(
      routes.map(async (route, i) => {
        const [method, url] = route.split(' ') as ['GET' | 'HEAD', string];
        const actor = ACTORS[i % ACTORS.length]!;
        const response = await fx.clients[actor].request(method, url);
        return `${route} ${actor}: ${response.statusCode}`;
      }),
    );
    expect(statuses.filter((status) => !status.endsWith(': 200'))).toEqual([]);
  });
});

for (const row of ROWS) {
  describe(`${row.method} ${row.url}`, () => {
    for (const kase of row.cases) {
      it(kase.target, async () => {
        const problems: string[] = [];
        for (const method of methodsOf(row)) {
          for (const actor of ACTORS) {
            const { url, body } = await kase.request(fx, actor);
            const client = kase.freshSession ? await fx.freshClient(actor) : fx.clients[actor];
            const withBody = ['POST', 'PUT', 'PATCH'].includes(method);
            const response = await client.request(method, url, withBody ? (body ?? {}) : body);
            const problem = mismatch(kase.expect[actor], response, method, url);
            if (problem) problems.push(`${actor} ${method} ${url}: ${problem}`);
          }
        }
        expect(problems).toEqual([]);
      });
    }
  });
}

/** What is wrong with a cell's answer, or null when it is what the table says. */
function mismatch(
  expected: Expected,
  response: LightMyRequestResponse,
  method: string,
  url: string,
): string | null {
  const statuses: readonly number[] =
    typeof expected === 'number' ? [expected] : 'status' in expected ? [expected.status] : expected;
  const wantedDetail =
    typeof expected === 'object' && 'detail' in expected ? expected.detail : null;
  const hasBody = method !== 'HEAD';
  const detail = hasBody ? detailOf(response) : undefined;
  const got = `${response.statusCode}${detail === undefined ? '' : ` "${detail}"`}`;
  const wanted = `${statuses.join('|')}${wantedDetail === null ? '' : ` "${wantedDetail}"`}`;
  if (!statuses.includes(response.statusCode)) return `got ${got}, expected ${wanted}`;
  if (hasBody && wantedDetail !== null && detail !== wantedDetail) {
    return `got ${got}, expected ${wanted}`;
  }
  // Contract §3: every error under /api/ is JSON with a human `detail`.
  if (hasBody && response.statusCode >= 400 && url.startsWith('/api/') && !detail) {
    return `error ${response.statusCode} without a JSON detail: ${response.body.slice(0, 80)}`;
  }
  return null;
}

function detailOf(response: LightMyRequestResponse): string | undefined {
  if (!String(response.headers['content-type']).startsWith('application/json')) return undefined;
  try {
    const { detail } = response.json<{ detail?: unknown }>();
    return typeof detail === 'string' ? detail : undefined;
  } catch {
    return undefined;
  }
}
