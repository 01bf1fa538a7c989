import { sql, type RawBuilder } from 'kysely';

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * `column LIKE pattern ESCAPE '\'` spelled the same on SQLite and PostgreSQL (SQLite has
 * no default escape character), so user text never acts as a wildcard.
 */
function like(column: string, pattern: string): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(column)} like ${pattern} escape '\\'`;
}

export const containsText = (column: string, text: string) => like(column, `%${escapeLike(text)}%`);

export const startsWithText = (column: string, text: string) =>
  like(column, `${escapeLike(text)}%`);
