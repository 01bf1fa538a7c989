import { sql, type DatabaseIntrospector, type Kysely, type TableMetadata } from 'kysely';
import { isPostgres } from './dialect.ts';

/**
 * `db` as the migrator should see it. Kysely's Migrator asks `db.introspection.getTables()`
 * whether its own two tables exist. On PostgreSQL that reads every column of every table
 * in every schema of the database, naming each one again through
 * `pg_get_serial_sequence`, which fails ("column … of relation … does not exist") when
 * another session drops a column meanwhile: a migration of another app server's schema,
 * or another test file's. A start then failed for what was no concern of its own (seen
 * in the API suite, where schemas migrate side by side). Here the migrator sees only the
 * tables of the connection's schema, by name, which is all it asks; the app itself never
 * introspects.
 */
export function migratorView<DB>(db: Kysely<DB>): Kysely<DB> {
  if (!isPostgres(db)) return db;
  const tables = async (): Promise<TableMetadata[]> => {
    const { rows } = await sql<{ name: string; schema: string; is_view: boolean }>`
      select c.relname as name, n.nspname as schema, c.relkind = 'v' as is_view
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'v', 'p')`.execute(db);
    return rows.map((row) => ({
      name: row.name,
      schema: row.schema,
      isView: row.is_view,
      // Not read by the migrator: the columns are what made the full query fragile.
      columns: [],
    }));
  };
  const introspection: DatabaseIntrospector = {
    getSchemas: () => db.introspection.getSchemas(),
    getTables: tables,
    getMetadata: async () => ({ tables: await tables() }),
  };
  // Kysely's methods read private fields of their own instance: every other member is the
  // instance's own, bound to it.
  return new Proxy(db, {
    get(target, key) {
      if (key === 'introspection') return introspection;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value.bind(target) as unknown) : value;
    },
  });
}
