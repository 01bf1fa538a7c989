import type { User } from '@spotbook/contract';
import type { Db } from '../../db/connection.ts';
import { viewableList } from '../lists/access.ts';
import type { ListRecord } from '../lists/repository.ts';

/**
 * What one export holds: all of the caller's spots, or one list the caller may view
 * (their own, or someone else's shareable list: then only what its page shows).
 */
export type ExportScope = { kind: 'account'; userId: number } | { kind: 'list'; list: ListRecord };

/** `?list=` absent: the caller's spots; present: that list, with the lists API's 403/404. */
export async function exportScope(db: Db, user: User, listKey?: string): Promise<ExportScope> {
  if (listKey === undefined) return { kind: 'account', userId: user.id };
  return { kind: 'list', list: await viewableList(db, listKey, user) };
}

/** `spotbook-spots` for all spots, the list's current slug for one list. */
export const fileBaseName = (scope: ExportScope) =>
  scope.kind === 'account' ? 'spotbook-spots' : scope.list.slug;

/** The title a file shows (KML Document, GPX metadata). */
export const scopeTitle = (scope: ExportScope) =>
  scope.kind === 'account' ? 'Spotbook spots' : scope.list.name;
