import type { Db } from '../../db/connection.ts';
import { LIST_ANSWER_FORMAT } from './list-answer-format.ts';
import type { ListRecord } from './repository.ts';

/**
 * Big lists' built answers in the database (`stored_list_answers`, migration 017), so
 * that every app process on it builds a list version once: each worker, and each
 * app server on one PostgreSQL, kept only its own and built every version again (decision
 * 023, "Built once for every worker"). The memory of each process (list-answer-cache.ts)
 * is still asked first. Only answers of this release's format are read: one another
 * release stored is as good as none.
 */

/** The answer an app process built at `list`'s version, if one did. */
export async function storedListAnswer(db: Db, list: ListRecord): Promise<Buffer | undefined> {
  const row = await db
    .selectFrom('stored_list_answers')
    .select('gzipped')
    .where('list_id', '=', list.id)
    .where('version', '=', list.version)
    .where('format', '=', LIST_ANSWER_FORMAT)
    .executeTakeFirst();
  return row?.gzipped;
}

/**
 * The answer stored for `listId`, whatever its version, with its blocks' layout: the build
 * thread patches from it when it holds no answer of the list itself (list-answer-build.ts).
 */
export async function latestStoredAnswer(db: Db, listId: number) {
  return db
    .selectFrom('stored_list_answers')
    .select(['version', 'gzipped', 'layout'])
    .where('list_id', '=', listId)
    .where('format', '=', LIST_ANSWER_FORMAT)
    .executeTakeFirst();
}

/**
 * Stores `gzipped` (and its blocks' `layout`, to patch it from), built at `list`'s version,
 * unless an answer of a newer version and this format is stored already (two processes may
 * build versions of one list at once). One of another format is replaced whatever its
 * version: this release cannot use it. Storing is a saving, not part of the answer: a
 * failure (the list deleted meanwhile, a busy database) leaves the answer to be built
 * again by whoever asks next, and is not the request's.
 */
export async function storeListAnswer(
  db: Db,
  list: ListRecord,
  gzipped: Buffer,
  layout: string | null = null,
): Promise<void> {
  try {
    await db
      .insertInto('stored_list_answers')
      .values({
        list_id: list.id,
        version: list.version,
        gzipped,
        layout,
        format: LIST_ANSWER_FORMAT,
      })
      .onConflict((conflict) =>
        conflict
          .column('list_id')
          .doUpdateSet((eb) => ({
            version: eb.ref('excluded.version'),
            gzipped: eb.ref('excluded.gzipped'),
            layout: eb.ref('excluded.layout'),
            format: eb.ref('excluded.format'),
          }))
          .where((eb) =>
            eb.or([
              eb('stored_list_answers.version', '<', eb.ref('excluded.version')),
              eb('stored_list_answers.format', '<>', eb.ref('excluded.format')),
            ]),
          ),
      )
      .execute();
  } catch {
    // See above: the next request builds it again.
  }
}
