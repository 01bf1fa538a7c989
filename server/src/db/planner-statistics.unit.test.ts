import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, type Db } from './connection.ts';
import { limitRows } from './limits-at-run-time.ts';
import { useTempSqlite } from '../../test/temp-sqlite.ts';

/*
 * What keeps SQLite from planning a kept statement again on every run
 * (docs/decisions/023-workers-and-mixed-load.md, "Statements planned on every run"):
 * limits evaluated when the statement runs, and planner statistics without STAT4's samples.
 */

const database = useTempSqlite('spotbook-planner-');

async function withNumbers(db: Db, count: number) {
  await sql`create table numbers (id integer primary key, owner integer, n integer)`.execute(db);
  await sql`create index numbers_owner on numbers (owner, n)`.execute(db);
  await sql`insert into numbers (owner, n)
    with recursive c(v) as (select 1 union all select v + 1 from c where v < ${count})
    select v % 7, v from c`.execute(db);
}

const tableRows = async (db: Db, table: string) =>
  Number(
    (await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0]!
      .n,
  );

describe('limits on SQLite', () => {
  it('are evaluated when the statement runs, and give the same rows as plain ones', async () => {
    const { db } = database.open();
    await withNumbers(db, 100);
    const page = (limit: number, offset?: number) => {
      const query = db
        .selectFrom('numbers' as never)
        .select(sql<number>`n`.as('n'))
        .orderBy(sql`n`)
        .limit(limit);
      return offset === undefined ? query : query.offset(offset);
    };
    expect(page(3, 5).compile().sql).toMatch(/limit \? \+ 0 offset \? \+ 0$/);
    // One kept statement, bound anew each time: each run takes its own values.
    for (const [limit, offset] of [
      [3, 5],
      [1, 0],
      [4, 97],
      [2, 200],
    ] as const) {
      const rows = (await page(limit, offset).execute()) as { n: number }[];
      const expected = Array.from({ length: 100 }, (_, i) => i + 1).slice(offset, offset + limit);
      expect(rows.map((row) => row.n)).toEqual(expected);
    }
    expect(((await page(2).execute()) as { n: number }[]).map((row) => row.n)).toEqual([1, 2]);
    const raw = await sql<{
      n: number;
    }>`select n from numbers order by n desc ${limitRows(2, 1)}`.execute(db);
    expect(raw.rows.map((row) => row.n)).toEqual([99, 98]);
  });
});

describe('planner statistics on SQLite', () => {
  it('are gathered at start where missing, without STAT4 samples', async () => {
    const { db } = database.open();
    await migrateToLatest(db);
    await withNumbers(db, 5000);
    await migrateToLatest(db);
    const stat1 = await sql<{ tbl: string; idx: string; stat: string }>`
      select tbl, idx, stat from sqlite_stat1 where tbl = 'numbers'`.execute(db);
    // 5,000 rows, ~715 a owner: what the planner weighs the index by.
    expect(stat1.rows).toEqual([{ tbl: 'numbers', idx: 'numbers_owner', stat: '5000 715 1' }]);
    expect(await tableRows(db, 'sqlite_stat4')).toBe(0);
  });

  it('lose the samples a full ANALYZE left (the bench seed runs one)', async () => {
    const { db } = database.open();
    await migrateToLatest(db);
    await withNumbers(db, 5000);
    await sql`analyze`.execute(db);
    expect(await tableRows(db, 'sqlite_stat4')).toBeGreaterThan(0);
    await migrateToLatest(db);
    expect(await tableRows(db, 'sqlite_stat4')).toBe(0);
    expect(await tableRows(db, 'sqlite_stat1')).toBeGreaterThan(0);
  });
});
