import { existsSync } from 'node:fs';
import type Database from 'better-sqlite3';
import { presetMatcher } from '../osm-extract/presets.ts';
import { FIRST_EXTRACT_POS, PLACES_INDEX_FORMAT } from './index-format.ts';
import { searchKey } from './search-text.ts';

/**
 * Writes the full-text entries of extract rows already in `places` (pos ≥
 * FIRST_EXTRACT_POS, optionally of one source). The category column holds the
 * preset's names and iD's search terms; the terms are not stored in `places` (they
 * would double its size) but derived again from the preset id.
 */
export function indexExtractText(db: Database.Database, source?: string): number {
  const presets = presetMatcher();
  const termsOf = new Map<string, string>();
  // The terms come from JS (iD's presets); one INSERT … SELECT does the rest in SQLite.
  db.function('preset_terms', { deterministic: true }, (preset: unknown) => {
    const id = String(preset);
    let text = termsOf.get(id);
    if (text === undefined) {
      text = (presets.byId(id)?.terms ?? []).map(searchKey).join(' ');
      termsOf.set(id, text);
    }
    return text;
  });
  const args = source === undefined ? [FIRST_EXTRACT_POS] : [FIRST_EXTRACT_POS, source];
  return db
    .prepare(
      `INSERT INTO places_fts (rowid, name, alt, category, cell)
       SELECT pos, name_key, trim(replace(alt_keys, '|', ' ')),
         trim(replace(category_key, '|', ' ') || ' ' || preset_terms(preset)), cell
       FROM places WHERE pos >= ? ${source === undefined ? '' : 'AND source = ?'}`,
    )
    .run(...args).changes;
}

/**
 * A rebuild of the built-in rows (new landmarks, a package update) copies the loaded
 * extracts over from the file it replaces, when that file has the same format; an
 * older format's rows can't be trusted column for column, and PLACES_EXTRACTS or
 * `npm run places:load` loads them again.
 */
export function carryOverExtracts(db: Database.Database, previousFile: string): number {
  if (!existsSync(previousFile)) return 0;
  db.prepare('ATTACH DATABASE ? AS previous').run(previousFile);
  try {
    const format = db
      .prepare("SELECT value FROM previous.meta WHERE key = 'format'")
      .pluck()
      .get() as string | undefined;
    if (format !== String(PLACES_INDEX_FORMAT)) return 0;
    db.transaction(() => {
      db.prepare('INSERT INTO places SELECT * FROM previous.places WHERE pos >= ?').run(
        FIRST_EXTRACT_POS,
      );
      db.exec('INSERT INTO extracts SELECT * FROM previous.extracts');
    })();
  } catch {
    return 0; // an unreadable previous file has nothing to carry
  } finally {
    db.exec('DETACH DATABASE previous');
  }
  return db.transaction(() => indexExtractText(db))();
}
