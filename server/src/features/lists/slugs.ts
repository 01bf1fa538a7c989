import { foldAccents } from '@spotbook/contract';
import type { Db } from '../../db/connection.ts';
import { startsWithText } from './sql-like.ts';

/** Letters NFKD does not decompose into ASCII, spelled the way people type them. */
const TRANSLITERATIONS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

/**
 * Contract §4: lower-case ASCII, accents stripped, every run of other characters one
 * dash, no dash at either end; a name with nothing left (emoji, CJK) becomes 'list'.
 */
export function slugifyName(name: string): string {
  const ascii = foldAccents(
    name.toLowerCase().replace(/[ßæœøłđðþı]/g, (c) => TRANSLITERATIONS[c] ?? c),
  );
  const slug = ascii.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return slug || 'list';
}

/**
 * The owner part: the username as typed but lower-cased, so links are canonical and
 * lookups can lower-case what they are given. Usernames never hold a dash (contract §4),
 * so the slug still splits at its first dash into owner and name.
 */
export const ownerSlugPart = (username: string) => username.normalize('NFKC').toLowerCase();

export const baseSlug = (username: string, listName: string) =>
  `${ownerSlugPart(username)}-${slugifyName(listName)}`;

/** How a slug is looked up: links are lower-case, but people retype them. */
export const normalizeSlug = (slug: string) => slug.normalize('NFKC').toLowerCase();

/**
 * The first of `base`, `base-2`, `base-3`, … that no other list has ever had (old slugs
 * included, since they keep answering). A slug this list had before may be taken back.
 * Two writers racing for one slug are settled by list_slugs' primary key (see callers).
 */
export async function uniqueSlug(
  db: Db,
  base: string,
  listId?: number,
): Promise<{ slug: string; alreadyOurs: boolean }> {
  const rows = await db
    .selectFrom('list_slugs')
    .select(['slug', 'list_id'])
    .where((eb) => eb.or([eb('slug', '=', base), startsWithText('slug', `${base}-`)]))
    .execute();
  const taken = new Set(rows.filter((r) => r.list_id !== listId).map((r) => r.slug));
  const ours = new Set(rows.filter((r) => r.list_id === listId).map((r) => r.slug));
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (!taken.has(slug)) return { slug, alreadyOurs: ours.has(slug) };
  }
}
