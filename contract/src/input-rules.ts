import { z } from 'zod';

/**
 * Runtime contract §6: anything a client sends is text the database can store and ids
 * the database can hold, on SQLite and PostgreSQL alike. Every route schema builds its
 * strings with `text()` and its ids with `idSchema()` / `idParam`, so the rule is stated
 * once, here, and the web forms (which share the schemas) apply it too.
 */

/** Ids are `integer` (int4) columns on PostgreSQL: 1..2^31-1 (db/migrations/001_initial.ts). */
export const MAX_DB_ID = 2_147_483_647;

export const INPUT_MESSAGES = {
  nul: 'Text may not contain the NUL character.',
  /**
   * A lone UTF-16 surrogate cannot be written as UTF-8: both drivers would silently store
   * U+FFFD instead, so the text would not read back as sent. Refused instead, like NUL.
   */
  surrogate: 'Text may not contain unpaired surrogate characters.',
  id: 'Must be a whole number from 1 to 2147483647.',
} as const;

export const hasNul = (value: string) => value.includes('\u0000');
/** In `u` mode a proper surrogate pair is one code point, so only lone halves match. */
export const hasLoneSurrogate = (value: string) => /\p{Cs}/u.test(value);

/** `z.string()` that refuses what no database stores; chain `.trim()`, `.max()` etc. after it. */
export function text(params?: Parameters<typeof z.string>[0]) {
  return z
    .string(params)
    .refine((v) => !hasNul(v), INPUT_MESSAGES.nul)
    .refine((v) => !hasLoneSurrogate(v), INPUT_MESSAGES.surrogate);
}

export const isDbId = (n: number) => Number.isInteger(n) && n >= 1 && n <= MAX_DB_ID;
const DECIMAL_ID = /^\d{1,10}$/;

/**
 * An id in a body or query: a number or its decimal string (the web sends either), within
 * the database's range; anything else is a 400 with `message`.
 */
export function idSchema(message: string = INPUT_MESSAGES.id) {
  const error = { error: message };
  return z
    .union(
      [
        z.number(error).refine(isDbId, error),
        z.string(error).refine((v) => DECIMAL_ID.test(v) && isDbId(Number(v)), error),
      ],
      error,
    )
    .transform(Number);
}

/**
 * An id in a path segment. A malformed or out-of-range one names nothing, so the error
 * handler answers 404 for any failed path parameter (contract §6).
 */
export const idParam = z
  .string()
  .refine((v) => DECIMAL_ID.test(v) && isDbId(Number(v)), INPUT_MESSAGES.id)
  .transform(Number);
