import type { ListBody, ListUpdateBody } from '@spotbook/contract';
import type { Db } from '../../db/connection.ts';
import { clock } from '../../lib/clock.ts';
import { findList, searchNorm, type ListRecord } from './repository.ts';
import { baseSlug, slugifyName, uniqueSlug } from './slugs.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';

/**
 * Two writers may pick the same free slug at once; list_slugs' primary key lets one
 * win and the other roll back and pick again.
 */
async function withSlugRetry<T>(attempt: () => Promise<T>): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await attempt();
    } catch (error) {
      if (i >= 4 || !isUniqueViolation(error)) throw error;
    }
  }
}

export async function createList(db: Db, owner: { id: number; username: string }, body: ListBody) {
  const { id } = await withSlugRetry(() =>
    db.transaction().execute((trx) => insertList(trx, owner, body)),
  );
  return (await findList(db, String(id)))!;
}

/**
 * The list row and its first slug, inside the caller's transaction (an import creates its
 * lists in the one transaction that creates its spots). A slug taken meanwhile is a unique
 * violation: the caller's transaction rolls back and may be retried.
 */
export async function insertList(
  trx: Db,
  owner: { id: number; username: string },
  body: ListBody,
): Promise<{ id: number; slug: string }> {
  const { slug } = await uniqueSlug(trx, baseSlug(owner.username, body.name));
  const now = clock.now();
  const row = await trx
    .insertInto('lists')
    .values({
      user_id: owner.id,
      name: body.name,
      description: body.description,
      shareable_by_link: body.shareable_by_link ? 1 : 0,
      slug,
      search_norm: searchNorm(body.name, body.description),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.insertInto('list_slugs').values({ slug, list_id: row.id }).execute();
  return { id: row.id, slug };
}

/**
 * A rename that changes the slugified name moves the list to a new slug; the old one
 * stays in list_slugs so shared links keep working. Making a list private drops its
 * followers (contract §4: it leaves their Followed Lists, and stays gone if re-shared).
 */
export async function updateList(db: Db, list: ListRecord, body: ListUpdateBody) {
  const name = body.name ?? list.name;
  const description = body.description ?? list.description;
  const shareable = body.shareable_by_link ?? list.shareable_by_link === 1;
  const renamed = slugifyName(name) !== slugifyName(list.name);
  await withSlugRetry(() =>
    db.transaction().execute(async (trx) => {
      let slug = list.slug;
      if (renamed) {
        const pick = await uniqueSlug(trx, baseSlug(list.owner_username, name), list.id);
        slug = pick.slug;
        if (!pick.alreadyOurs) {
          await trx.insertInto('list_slugs').values({ slug, list_id: list.id }).execute();
        }
      }
      await trx
        .updateTable('lists')
        .set({
          name,
          description,
          shareable_by_link: shareable ? 1 : 0,
          slug,
          search_norm: searchNorm(name, description),
          updated_at: clock.now(),
        })
        .where('id', '=', list.id)
        .execute();
      if (!shareable) await trx.deleteFrom('saved_lists').where('list_id', '=', list.id).execute();
    }),
  );
  return (await findList(db, String(list.id)))!;
}

/** Slugs, entries and follows go with it (foreign keys cascade). */
export async function deleteList(db: Db, listId: number) {
  await db.deleteFrom('lists').where('id', '=', listId).execute();
}
