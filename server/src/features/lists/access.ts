import { LIST_MESSAGES, type ListSummary, type User } from '@spotbook/contract';
import type { Db } from '../../db/connection.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { findList, type ListRecord } from './repository.ts';

/**
 * Who may do what with a list, in one place (spec §5, §6; contract §3, §4):
 * the owner always; anyone, signed in or not, may view a shareable list; nobody else.
 * The errors carry fixed texts only, never anything of the list.
 */
export const canView = (list: ListRecord, user: User | null) =>
  list.shareable_by_link === 1 || list.user_id === user?.id;

export async function viewableList(db: Db, key: string, user: User | null) {
  return listViewableBy(await findList(db, key), user);
}

/** The list `findList` read, if `user` may view it; a 404 or 403 otherwise. */
export function listViewableBy(list: ListRecord | undefined, user: User | null) {
  if (!list) throw notFound(LIST_MESSAGES.listNotFound);
  if (!canView(list, user)) throw forbidden(LIST_MESSAGES.notPublic);
  return list;
}

/** Changing a list is the owner's alone: someone else's list is a 403, a missing one 404. */
export async function ownedList(
  db: Db,
  key: string,
  user: User,
  detail: string = LIST_MESSAGES.notOwner,
) {
  const list = await findList(db, key);
  if (!list) throw notFound(LIST_MESSAGES.listNotFound);
  if (list.user_id !== user.id) throw forbidden(detail);
  return list;
}

/** (the version is the server's business, not part of any answer) */
export const presentList = (list: Omit<ListRecord, 'version'>): ListSummary => ({
  id: list.id,
  name: list.name,
  description: list.description,
  shareable_by_link: list.shareable_by_link === 1,
  slug: list.slug,
  user: list.user_id,
  owner_username: list.owner_username,
  spot_count: list.spot_count,
});
