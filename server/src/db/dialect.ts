import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An auto-incrementing integer primary key, spelled the way each database wants it. */
export function idColumn<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>) {
  return table.addColumn('id', 'integer', (c) =>
    isPostgres(db) ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
  );
}
