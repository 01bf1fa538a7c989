import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import {
  migrateToLatest,
  openDatabase,
  sqliteFile,
  type DatabaseHandle,
} from '../server/src/db/connection.ts';
import { hashPassword } from '../server/src/features/auth/passwords.ts';
import { spotColumns } from '../server/src/features/reviews/spot-columns.ts';
import { benchUsers } from './mixed-load-plan.ts';
import {
  benchPlaceRow,
  pgDatabaseUrl,
  PG_ADMIN_URL,
  postgresHandle,
  postgresWriter,
  sqliteWriter,
  type Writer,
} from './seed-writers.ts';
import { benchCities, benchPlaces, benchReviewText, random, type BenchPlace } from './spot-data.ts';

/**
 * Bulk-seeds a fresh database for the benchmarks (not through the HTTP API: 600,000
 * spots would take an hour). Spots of all users are inserted interleaved by creation
 * time, as a real table fills, so one user's rows are spread over the whole table.
 */
export interface SeedSize {
  cities: number;
  mainSpots: number;
  otherUsers: number;
  otherSpots: number;
}
export const FULL_SIZE: SeedSize = {
  cities: 5000,
  mainSpots: 100_000,
  otherUsers: 50,
  otherSpots: 10_000,
};

export interface SeededDb {
  handle: DatabaseHandle;
  dataDir?: string;
  mainUserId: number;
  username: string;
  password: string;
  places: BenchPlace[];
  dispose(): Promise<void>;
}

const placesOf = (size: SeedSize) =>
  benchPlaces(benchCities(size.cities), Math.ceil(size.mainSpots / size.cities));
const PASSWORD = 'bench password 123';
const YEARS_3 = 3 * 365 * 24 * 3600 * 1000;

async function seed(writer: Writer, size: SeedSize, log: (m: string) => void) {
  const now = Date.now();
  const places = placesOf(size);
  const hash = await hashPassword(PASSWORD);
  const users = Array.from({ length: size.otherUsers + 1 }, (_, i) => {
    const username = i === 0 ? 'benchuser' : `benchother${i}`;
    return {
      username,
      username_norm: username,
      email: `${username}@bench.test`,
      email_norm: `${username}@bench.test`,
      // Every user can sign in: bench/mixed-load.ts signs each in as one of its people.
      password_hash: hash,
      created_at: now,
      password_changed_at: now,
    };
  });
  await writer.insert('users', users);
  for (let i = 0; i < places.length; i += 5000) {
    await writer.insert(
      'places',
      places.slice(i, i + 5000).map((p) => benchPlaceRow(p, now)),
    );
  }
  log(`  ${users.length} users, ${places.length} places`);
  const ids = await writer.userIds();

  // Which places each user has: user 1 all of them, the others a random subset each.
  const rnd = random(42);
  const plan: { user: number; place: number; created: number }[] = [];
  const order = places.map((_, i) => i);
  for (const [i, { username }] of users.entries()) {
    const count = i === 0 ? size.mainSpots : size.otherSpots;
    const userId = ids.get(username)!;
    for (let i = 0; i < count; i++) {
      const j = i + Math.floor(rnd() * (order.length - i));
      [order[i], order[j]] = [order[j]!, order[i]!];
      plan.push({ user: userId, place: order[i]!, created: now - Math.floor(rnd() * YEARS_3) });
    }
  }
  plan.sort((a, b) => a.created - b.created);
  for (let i = 0; i < plan.length; i += 10_000) {
    const rows = plan.slice(i, i + 10_000).map(({ user, place, created }) => {
      const p = places[place]!;
      const review = benchReviewText(rnd);
      return {
        user_id: user,
        place_id: p.id,
        review,
        rating: Math.floor(rnd() * 6),
        visited: rnd() < 0.5 ? 1 : 0,
        created_at: created,
        updated_at: created,
        ...spotColumns({ ...p, primary_type: p.primary_type }, review),
      };
    });
    await writer.insert('reviews', rows);
    if ((i / 10_000) % 10 === 0) log(`  ${i + rows.length} / ${plan.length} spots`);
  }
  await writer.finish();
  return { places, mainUserId: ids.get('benchuser')! };
}

const seeded = (handle: DatabaseHandle, places: BenchPlace[], mainUserId: number) => ({
  handle,
  mainUserId,
  username: 'benchuser',
  password: PASSWORD,
  places,
});

/** A fresh SQLite file in a temporary DATA_DIR, migrated and seeded; dispose() deletes it. */
export async function seedSqlite(size = FULL_SIZE, log = console.log): Promise<SeededDb> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'spotbook-bench-'));
  const migrated = openDatabase({ dataDir });
  await migrateToLatest(migrated.db);
  await migrated.close();
  const writer = sqliteWriter(sqliteFile(dataDir));
  const { places, mainUserId } = await seed(writer, size, log);
  const handle = openDatabase({ dataDir });
  return {
    ...seeded(handle, places, mainUserId),
    dataDir,
    dispose: async () => {
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A fresh PostgreSQL database `spotbook_bench_<pid>`; dispose() drops it. */
export async function seedPostgres(size = FULL_SIZE, log = console.log): Promise<SeededDb> {
  const name = `spotbook_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  const handle = postgresHandle(pgDatabaseUrl(name));
  await migrateToLatest(handle.db);
  const { places, mainUserId } = await seed(await postgresWriter(pgDatabaseUrl(name)), size, log);
  return {
    ...seeded(handle, places, mainUserId),
    dispose: async () => {
      await handle.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/*
 * Reopening a database seeded earlier (BENCH_SQLITE_DIR, BENCH_POSTGRES_DB) to iterate on
 * queries without seeding again (see the end of this file). dispose() leaves it in place.
 */
export function reopenSqlite(dataDir: string, size = FULL_SIZE): SeededDb {
  const handle = openDatabase({ dataDir });
  return { ...seeded(handle, placesOf(size), 1), dataDir, dispose: () => handle.close() };
}

export function reopenPostgres(name: string, size = FULL_SIZE): SeededDb {
  const handle = postgresHandle(pgDatabaseUrl(name));
  return { ...seeded(handle, placesOf(size), 1), dispose: () => handle.close() };
}

// `npx tsx bench/seed-spots.ts sqlite|postgres` seeds one database and keeps it, to be
// reused through BENCH_SQLITE_DIR=… or BENCH_POSTGRES_DB=… by the benchmarks.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const kind = process.argv[2] === 'postgres' ? 'postgres' : 'sqlite';
  const db = kind === 'postgres' ? await seedPostgres() : await seedSqlite();
  // The mixed load's lists too, so a copy of this database starts its runs with them
  // rather than making ~111,000 list entries before each run's bare route is measured.
  await benchUsers(db);
  await db.handle.close();
  console.log(
    kind === 'postgres'
      ? `BENCH_POSTGRES_DB=spotbook_bench_${process.pid}`
      : `BENCH_SQLITE_DIR=${db.dataDir}`,
  );
  process.exit(0);
}
