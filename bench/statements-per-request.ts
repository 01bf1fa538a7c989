/**
 * How many statements each kind of request of the mixed load sends to PostgreSQL: first
 * asked (cold), asked again (warm), and right after one of the user's writes; and the
 * mix's two writes, each sent twice (an edit of a spot as the spot page's form sends it, a
 * new spot on a list). Each statement is a round trip (decision 023, "One round trip less
 * on the commonest requests"); statements a request sends together (a first page's walk
 * beside the change log's read, session 21) are each counted, though the request waits for
 * them once. Counted from PostgreSQL's own log with `log_statement = all`, set on the bench
 * database for this run only, one request at a time, as a 10,000-spot user of
 * bench/seed-spots.ts.
 *
 *   BENCH_POSTGRES_DB=<copy> npx tsx bench/statements-per-request.ts [--log <file>] [--show]
 *
 * It writes (one rating per "after a write" row): pass a copy. `--log` is the server's log
 * file, by default Debian's (/var/log/postgresql/postgresql-<major>-main.log); `--show`
 * prints each statement's start.
 */
import { readFileSync, statSync } from 'node:fs';
import pg from 'pg';
import { migrateToLatest } from '../server/src/db/connection.ts';
import { dataDirWithPlaces, freePort, startAppProcess } from './app-process.ts';
import { BenchClient } from './bench-client.ts';
import { onCleanup, runScript } from './child-processes.ts';
import { benchUsers } from './mixed-load-plan.ts';
import { reopenPostgres } from './seed-spots.ts';
import { pgDatabaseUrl } from './seed-writers.ts';

const args = process.argv.slice(2);
const option = (flag: string) => {
  const at = args.indexOf(flag);
  return at >= 0 ? args[at + 1] : undefined;
};
const SHOW = args.includes('--show');

/** The kinds counted: the mix's reads (bench/mixed-load-plan.ts), one request each. */
const kinds = (spotId: number, listSlug: string): [kind: string, path: string][] => [
  ['gallery first page', '/api/reviews/review/?offset=0&limit=20&sortBy=oldest&visited=true'],
  ['gallery search', '/api/reviews/review/?offset=0&limit=20&sortBy=newest&search=garden'],
  ['gallery deep page', '/api/reviews/review/?offset=4000&limit=20&sortBy=highest_rating'],
  ['metadata', '/api/reviews/review/metadata/'],
  ['spot', `/api/reviews/review/${spotId}/`],
  ['list: own, 200 spots', `/api/lists/list/${listSlug}/`],
  ['place search', '/api/places/search/?query=tow&kind=place&lat=48.85&lng=2.35'],
];

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

/** The statements PostgreSQL logged to `log` while `path` was asked for once. */
async function statementsOf(
  client: BenchClient,
  log: string,
  path: string,
  write?: { method: 'PUT' | 'POST'; body: object },
): Promise<string[]> {
  await settle(); // the log is written by another process: let the last request's lines land
  const start = statSync(log).size;
  const answer = await client.call(write?.method ?? 'GET', path, write?.body);
  if (answer.status < 200 || answer.status >= 300)
    throw new Error(`${path} answered ${answer.status}`);
  await settle();
  return readFileSync(log)
    .subarray(start)
    .toString()
    .split('\n')
    .map((line) => / LOG: {2}(?:statement|execute [^:]*): (.*)/.exec(line)?.[1])
    .filter((statement): statement is string => statement !== undefined);
}

/** Has PostgreSQL log every statement of `name`'s new sessions until the script ends. */
async function logStatements(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: pgDatabaseUrl(name) });
  await admin.connect();
  const version = await admin.query<{ server_version_num: string }>('show server_version_num');
  const major = Math.floor(Number(version.rows[0]!.server_version_num) / 10_000);
  await admin.query(`alter database "${name}" set log_statement = 'all'`);
  onCleanup(async () => {
    await admin.query(`alter database "${name}" reset log_statement`);
    await admin.end();
  });
  return option('--log') ?? `/var/log/postgresql/postgresql-${major}-main.log`;
}

async function main(): Promise<number> {
  const name = process.env.BENCH_POSTGRES_DB;
  if (!name) {
    console.error('usage: BENCH_POSTGRES_DB=<copy> npx tsx bench/statements-per-request.ts');
    return 2;
  }
  const db = reopenPostgres(name);
  onCleanup(() => db.dispose());
  await migrateToLatest(db.handle.db);
  const user = (await benchUsers(db))[1]!; // a 10,000-spot user, with lists of 20–2,000
  const log = await logStatements(name); // before the app opens its connections

  const app = await startAppProcess({
    port: await freePort(),
    dataDir: dataDirWithPlaces('spotbook-statements-'),
    env: { DATABASE_URL: pgDatabaseUrl(name), EXAMPLE_LISTS: '0' },
  });
  onCleanup(() => app.stop());
  const client = new BenchClient(app.url);
  const login = await client.call('POST', '/api/user/login/', {
    username_or_email: user.username,
    password: db.password,
  });
  if (login.status !== 200) throw new Error(`sign-in answered ${login.status}`);
  const first = await client.call<{ results: { id: number }[] }>('GET', '/api/reviews/review/');
  const spotId = first.body.results[0]!.id;

  console.log(`statements a request sends to PostgreSQL (${user.username}, ${user.spots} spots)`);
  console.log(`${'kind'.padEnd(24)} cold  warm  after a write`);
  for (const [kind, path] of kinds(spotId, user.listSlugs[1]!)) {
    const cold = await statementsOf(client, log, path);
    const warm = await statementsOf(client, log, path);
    await client.call('PUT', `/api/reviews/review/${spotId}/`, { rating: 3 });
    const afterWrite = await statementsOf(client, log, path);
    const counts = [cold, warm, afterWrite].map((s, i) =>
      String(s.length).padStart([4, 5, 14][i]!),
    );
    console.log(`${kind.padEnd(24)}${counts.join('')}`);
    if (SHOW) for (const statement of afterWrite) console.log(`    ${statement.slice(0, 110)}`);
  }
  // The mix's writes, as bench/mixed-load-plan.ts sends them, each twice: new spots of two
  // stored places the user has no spot of.
  const places = await db.handle.db
    .selectFrom('places')
    .select('id')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('reviews')
            .select('id')
            .where('user_id', '=', user.id)
            .whereRef('place_id', '=', 'places.id'),
        ),
      ),
    )
    .limit(2)
    .execute();
  if (places.length < 2) throw new Error(`${user.username} has a spot of nearly every place`);
  const writes: [
    kind: string,
    path: string,
    method: 'PUT' | 'POST',
    body: (i: number) => object,
  ][] = [
    // As the spot page's form sends it (bench/mixed-load-plan.ts, editForms): the text,
    // stars, visited and the full set of lists; the first puts the spot on a list.
    [
      'write: edit a spot',
      `/api/reviews/review/${spotId}/`,
      'PUT',
      (i) => ({
        review: 'Edited under load',
        rating: i + 1,
        visited: true,
        lists: [user.writesListId],
      }),
    ],
    [
      'write: new spot on a list',
      '/api/reviews/create-place-review/',
      'POST',
      (i) => ({
        place: { id: places[i]!.id },
        review: { review: 'Added under load', rating: 4, visited: false },
        list_id: user.writesListId,
      }),
    ],
  ];
  for (const [kind, path, method, body] of writes) {
    const each = [];
    for (const i of [0, 1])
      each.push(await statementsOf(client, log, path, { method, body: body(i) }));
    console.log(`${kind.padEnd(24)}${each.map((s) => String(s.length).padStart(5)).join('')}`);
    if (SHOW) for (const statement of each[1]!) console.log(`    ${statement.slice(0, 110)}`);
  }
  return 0;
}

runScript(main);
