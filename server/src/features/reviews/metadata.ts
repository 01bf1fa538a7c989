import type { Metadata } from '@spotbook/contract';
import type { Db } from '../../db/connection.ts';

type FilterColumn = 'place_type' | 'place_city' | 'place_country';
const collator = new Intl.Collator('en', { sensitivity: 'base' });

/** The distinct non-empty values of one filter column, read from its (user_id, column) index. */
async function distinctValues(db: Db, userId: number, column: FilterColumn): Promise<string[]> {
  const rows = await db
    .selectFrom('reviews')
    .select(column)
    .distinct()
    .where('user_id', '=', userId)
    .where(column, '!=', '')
    .execute();
  // Sorted here, not in SQL, so both databases give the same (human) order.
  return rows.map((r) => r[column]).sort(collator.compare);
}

/** GET /api/reviews/review/metadata/: counts for the home page and the filter options. */
export async function spotMetadata(db: Db, userId: number): Promise<Metadata> {
  const count = (table: 'reviews' | 'lists') =>
    db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.count));
  // Followed lists count only while they are still shareable (contract §4, following).
  const savedLists = db
    .selectFrom('saved_lists as sl')
    .innerJoin('lists as l', 'l.id', 'sl.list_id')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('sl.user_id', '=', userId)
    .where('l.shareable_by_link', '=', 1)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.count));
  const [review_count, list_count, saved_list_count, types, cities, countries] = await Promise.all([
    count('reviews'),
    count('lists'),
    savedLists,
    distinctValues(db, userId, 'place_type'),
    distinctValues(db, userId, 'place_city'),
    distinctValues(db, userId, 'place_country'),
  ]);
  return { saved_list_count, review_count, list_count, types, cities, countries };
}
