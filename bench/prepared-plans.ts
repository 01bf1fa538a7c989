/**
 * Does a generic plan hurt the 100,000-spot user? The app's statements are prepared on
 * PostgreSQL (server/src/db/prepared-statements.ts), and after five runs PostgreSQL may
 * reuse one generic plan for every user and offset (`plan_cache_mode = auto`, its
 * default). Here small users' pages choose the plans: on one connection, each of
 * bench/gallery-cases.ts's queries is asked first-time (a fresh reader: counts, page ids,
 * cards) for eight users of ~10,000 spots, then timed for the 100,000-spot user. The same
 * with `force_custom_plan` (planned for every run's values, as before the statements were
 * prepared) in the same run, in turn, twice. Prints the median of five of each.
 *
 *   BENCH_POSTGRES_DB=<a database of bench/seed-spots.ts> npx tsx bench/prepared-plans.ts
 */
import pg from 'pg';
import { sql } from 'kysely';
import { postgresDatabase } from '../server/src/db/connection.ts';
import { galleryReader, type GalleryQuery } from '../server/src/features/reviews/gallery.ts';
import { runScript } from './child-processes.ts';
import { galleryCases } from './gallery-cases.ts';
import { reopenPostgres } from './seed-spots.ts';
import { pgDatabaseUrl } from './seed-writers.ts';

const MAIN_USER = 1;
const SMALL_USERS = [2, 3, 4, 5, 6, 7, 8, 9];
const RUNS = 5;
type Mode = 'auto' | 'force_custom_plan';

const median = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.floor(ms.length / 2)]!;

/** ms the main user's first ask of each query takes, once small users chose the plans. */
async function timesIn(name: string, mode: Mode, cases: [string, GalleryQuery][]) {
  const { db } = postgresDatabase(new pg.Pool({ connectionString: pgDatabaseUrl(name), max: 1 }));
  await sql.raw(`set plan_cache_mode = ${mode}`).execute(db);
  const firstAsk = (user: number, query: GalleryQuery) =>
    galleryReader(db, 'postgres', { cardBytes: 0 })(user, query);
  const times = new Map<string, number>();
  for (const [label, query] of cases) {
    for (const user of SMALL_USERS) await firstAsk(user, query);
    const ms: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await firstAsk(MAIN_USER, query);
      ms.push(performance.now() - started);
    }
    times.set(label, median(ms));
  }
  await db.destroy();
  return times;
}

runScript(async () => {
  const name = process.env.BENCH_POSTGRES_DB;
  if (!name) throw new Error('BENCH_POSTGRES_DB=<a database of bench/seed-spots.ts> is needed');
  const seeded = reopenPostgres(name);
  const cases = galleryCases(seeded);
  await seeded.dispose();
  const rounds: Record<Mode, Map<string, number>>[] = [];
  for (let round = 0; round < 2; round++) {
    rounds.push({
      auto: await timesIn(name, 'auto', cases),
      force_custom_plan: await timesIn(name, 'force_custom_plan', cases),
    });
  }
  console.log('the 100,000-spot user, first ask, ms (median of 5): generic plans allowed / custom');
  let slower = 0;
  for (const [label] of cases) {
    const pairs = rounds.map((r) => [r.auto.get(label)!, r.force_custom_plan.get(label)!]);
    if (pairs.every(([auto, custom]) => auto! > 1.5 * custom!)) slower++;
    const shown = pairs.map(([auto, custom]) => `${auto!.toFixed(2)} / ${custom!.toFixed(2)}`);
    console.log(`  ${label.padEnd(42)} ${shown.join('   ')}`);
  }
  console.log(`cases over 1.5 times slower with generic plans allowed, in both rounds: ${slower}`);
  return 0;
});
