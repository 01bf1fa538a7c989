import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createPlace } from '../../test/factories.ts';
import { useTestApp } from '../../test/helper.ts';
import { compiledOnce } from './compiled-once.ts';

const { t } = useTestApp();

/** Places by id among `ids`, of one city: a list argument and a plain one. */
const placesIn = compiledOnce((db, ids: string[], city: string) =>
  db
    .selectFrom('places')
    .select(['id', 'city'])
    .where('id', 'in', ids)
    .where('city', '=', city)
    .where('provider', '!=', 'never')
    .orderBy('id'),
);

describe('a query compiled once', () => {
  it('runs with each call’s values, lists of any length, constants kept', async () => {
    const paris = await Promise.all([1, 2, 3].map(() => createPlace(t.ctx, { city: 'Paris' })));
    const lyon = await createPlace(t.ctx, { city: 'Lyon' });
    const all = [...paris, lyon];
    expect(await placesIn(t.ctx.db, all, 'Paris')).toEqual(
      [...paris].sort().map((id) => ({ id, city: 'Paris' })),
    );
    expect(await placesIn(t.ctx.db, all, 'Lyon')).toEqual([{ id: lyon, city: 'Lyon' }]);
    expect(await placesIn(t.ctx.db, [paris[1]!], 'Paris')).toEqual([
      { id: paris[1], city: 'Paris' },
    ]);
    expect(await placesIn(t.ctx.db, [lyon, paris[0]!], 'Rome')).toEqual([]);
    // Values are bound, never spliced into the SQL.
    expect(await placesIn(t.ctx.db, ["' or 1=1 --"], "Paris' or '1'='1")).toEqual([]);
  });

  it('pads a list to a power of two: one query for lengths 5 to 8, the same rows', async () => {
    const ids = await Promise.all(
      Array.from({ length: 9 }, () => createPlace(t.ctx, { city: 'Lille' })),
    );
    let builds = 0;
    const inLille = compiledOnce((db, some: string[]) => {
      builds++;
      return db.selectFrom('places').select('id').where('id', 'in', some).orderBy('id');
    });
    for (let length = 1; length <= 9; length++) {
      const some = ids.slice(0, length);
      expect(await inLille(t.ctx.db, some)).toEqual([...some].sort().map((id) => ({ id })));
    }
    // Lengths 1, 2, 3–4, 5–8 and 9 (as 16).
    expect(builds).toBe(5);
  });

  it('runs in a transaction, on its connection', async () => {
    const id = await createPlace(t.ctx, { city: 'Nice' });
    const seen = await t.ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable('places').set({ city: 'Nizza' }).where('id', '=', id).execute();
      return placesIn(trx, [id], 'Nizza');
    });
    expect(seen).toEqual([{ id, city: 'Nizza' }]);
  });

  it('refuses a query that leaves an argument out of its bound values', async () => {
    const raw = compiledOnce((db, city: string) =>
      db
        .selectFrom('places')
        .select('id')
        .where(sql.raw<boolean>(`city = '${String(city)}'`)),
    );
    await expect(raw(t.ctx.db, 'Paris')).rejects.toThrow(/must bind every argument/);
  });
});
