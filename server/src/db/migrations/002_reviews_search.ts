import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/**
 * What makes the spots gallery fast at 100,000 spots per user
 * (docs/decisions/004-gallery-query.md): one index per filter and sort, a per-user word
 * index for search, and per-user counters for the counts no filter narrows.
 */

/**
 * `reviews.search_norm` holds the spot's distinct normalised words separated by single
 * spaces. The search index stores each word prefixed with its author, `{user_id}x{word}`,
 * so a word-prefix query reads only that user's postings, whatever the table's size.
 */
export const SEARCH_TERMS_SQL = `user_id || 'x' || replace(search_norm, ' ', ' ' || user_id || 'x')`;
/** The same terms as a tsvector; the GIN index and the query must spell it identically. */
export const PG_SEARCH_VECTOR_SQL = `array_to_tsvector(string_to_array(user_id::text || 'x' || replace(search_norm, ' ', ' ' || user_id::text || 'x'), ' '))`;

/** "Lowest rating" puts unrated spots (0) last rather than first. */
export const lowRatingKeySql = (rating = 'rating') =>
  `(CASE WHEN ${rating} = 0 THEN 6 ELSE ${rating} END)`;

/**
 * (user_id, [filter,] sort key, id, …): one user's page is a range of one index, read in
 * order and stopped after offset + limit entries; its count is a range count on the same
 * index. Keys end in id: unique (pages never overlap) and the order of creation, so
 * "newest" needs no timestamp key. Columns after id don't change the order; they let a
 * filter or count combined with another filter (visited, rating) stay in the index.
 */
export const btreeIndexes: [name: string, columns: string][] = [
  ['reviews_user_newest', 'user_id, id, visited, rating'],
  ['reviews_user_rating', 'user_id, rating, id, visited'],
  ['reviews_user_rating_low', `user_id, ${lowRatingKeySql()}, id DESC, rating, visited`],
  ['reviews_user_visited', 'user_id, visited, id, rating'],
  ['reviews_user_type', 'user_id, place_type, id, visited, rating'],
  ['reviews_user_city', 'user_id, place_city, id, visited, rating'],
  ['reviews_user_country', 'user_id, place_country, id, visited, rating'],
];

/** Counter changes per row, shared by both databases' triggers. */
export const addCount = (row: string) =>
  `INSERT INTO spot_counts AS c (user_id, total, visited) VALUES (${row}.user_id, 1, ${row}.visited)
   ON CONFLICT (user_id) DO UPDATE SET total = c.total + 1, visited = c.visited + excluded.visited;`;
const removeCount = (row: string) =>
  `UPDATE spot_counts SET total = total - 1, visited = visited - ${row}.visited WHERE user_id = ${row}.user_id;`;
const terms = (row: string) => SEARCH_TERMS_SQL.replace(/user_id|search_norm/g, `${row}.$&`);
const addTerms = (row: string) =>
  `INSERT INTO reviews_search(rowid, terms) VALUES (${row}.id, ${terms(row)});`;
const removeTerms = (row: string) => `DELETE FROM reviews_search WHERE rowid = ${row}.id;`;

const run = (db: Kysely<any>, statement: string) => sql.raw(statement).execute(db);

export async function up(db: Kysely<any>): Promise<void> {
  // Replaced by reviews_user_newest: the gallery sorts by id, not by created_at.
  await db.schema.dropIndex('reviews_user_created').execute();
  for (const [name, columns] of btreeIndexes) {
    await run(db, `CREATE INDEX ${name} ON reviews (${columns})`);
  }
  // Custom pins are looked up by their owner.
  await db.schema.createIndex('places_owner').on('places').column('owner_id').execute();

  // Counting 100,000 index entries costs milliseconds on every unfiltered gallery page;
  // a per-user counter answers "all" and "visited" counts at once.
  await db.schema
    .createTable('spot_counts')
    .addColumn('user_id', 'integer', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('visited', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await run(
    db,
    `INSERT INTO spot_counts (user_id, total, visited)
     SELECT user_id, count(*), sum(visited) FROM reviews GROUP BY user_id`,
  );

  // Triggers keep counters and search terms right on every write path, including
  // ON DELETE CASCADE from users and rows written by other features.
  if (isPostgres(db)) {
    await run(db, `CREATE INDEX reviews_search ON reviews USING gin ((${PG_SEARCH_VECTOR_SQL}))`);
    await run(
      db,
      `CREATE FUNCTION spot_counts_sync() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         IF TG_OP IN ('UPDATE', 'DELETE') THEN ${removeCount('OLD')} END IF;
         IF TG_OP IN ('INSERT', 'UPDATE') THEN ${addCount('NEW')} END IF;
         RETURN NULL;
       END $$`,
    );
    await run(
      db,
      `CREATE TRIGGER spot_counts_sync AFTER INSERT OR DELETE OR UPDATE OF user_id, visited
       ON reviews FOR EACH ROW EXECUTE FUNCTION spot_counts_sync()`,
    );
    return;
  }
  // Contentless FTS5: the words live in reviews.search_norm, the index holds only terms.
  await run(
    db,
    `CREATE VIRTUAL TABLE reviews_search USING fts5(terms, content='', contentless_delete=1,
     tokenize='unicode61 remove_diacritics 0')`,
  );
  await run(
    db,
    `INSERT INTO reviews_search(rowid, terms) SELECT id, ${SEARCH_TERMS_SQL} FROM reviews`,
  );
  const trigger = (name: string, event: string, body: string) =>
    run(db, `CREATE TRIGGER ${name} AFTER ${event} ON reviews BEGIN ${body} END`);
  await trigger('reviews_sync_insert', 'INSERT', addTerms('new') + addCount('new'));
  await trigger('reviews_sync_delete', 'DELETE', removeTerms('old') + removeCount('old'));
  await trigger(
    'reviews_sync_terms',
    'UPDATE OF search_norm, user_id',
    removeTerms('old') + addTerms('new'),
  );
  await trigger(
    'reviews_sync_counts',
    'UPDATE OF visited, user_id',
    removeCount('old') + addCount('new'),
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await run(db, 'DROP TRIGGER spot_counts_sync ON reviews');
    await run(db, 'DROP FUNCTION spot_counts_sync()');
    await run(db, 'DROP INDEX reviews_search');
  } else {
    for (const name of ['insert', 'delete', 'terms', 'counts']) {
      await run(db, `DROP TRIGGER reviews_sync_${name}`);
    }
    await run(db, 'DROP TABLE reviews_search');
  }
  await db.schema.dropTable('spot_counts').execute();
  await db.schema.dropIndex('places_owner').execute();
  for (const [name] of btreeIndexes) await db.schema.dropIndex(name).execute();
  await db.schema
    .createIndex('reviews_user_created')
    .on('reviews')
    .columns(['user_id', 'created_at', 'id'])
    .execute();
}
