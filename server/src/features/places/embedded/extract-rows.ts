import { existsSync } from 'node:fs';
import type Database from 'better-sqlite3';
import { presetMatcher } from '../osm-extract/presets.ts';
import { extractCellWords } from './extract-cells.ts';
import { EXTRACT_ROW_FORMATS, FIRST_EXTRACT_POS } from './index-format.ts';
import { searchWords } from './search-text.ts';

/**
 * Writes the full-text entries (`extract_fts`, extract-cells.ts) of extract rows
 * already in `places` (pos ≥ FIRST_EXTRACT_POS, optionally of one source): the words
 * of the name, the other names, the preset's names and iD's search terms, each
 * prefixed with the row's cells. The terms are not stored in `places` (they would
 * double its size) but derived again from the preset id.
 */
export function indexExtractText(
  db: Database.Database,
  source?: string,
  /** called every few thousand rows with how many are done (the loader's progress bar) */
  onRows?: (done: number) => void,
): number {
  const presets = presetMatcher();
  const termsOf = new Map<string, string[]>();
  const presetTerms = (id: string) => {
    let words = termsOf.get(id);
    if (words === undefined) {
      words = (presets.byId(id)?.terms ?? []).flatMap(searchWords);
      termsOf.set(id, words);
    }
    return words;
  };
  // The words come from JS (cells, iD's presets); one INSERT … SELECT does the rest.
  let rows = 0;
  db.function(
    'extract_cell_words',
    { deterministic: true },
    (lat: unknown, lng: unknown, keys: unknown, preset: unknown) => {
      if (onRows && ++rows % 5000 === 0) onRows(rows);
      return extractCellWords(Number(lat), Number(lng), [
        ...String(keys).split(/[| ]/),
        ...presetTerms(String(preset)),
      ]);
    },
  );
  // A bulk write: a big in-memory batch of postings per flush and no merging while
  // writing (the writer merges with 'optimize' at the end), instead of a flush per MB
  // and merges all along. Both settings stay in the file but only matter to writers.
  db.exec(`INSERT INTO extract_fts (extract_fts, rank) VALUES ('hashsize', ${64 << 20});
    INSERT INTO extract_fts (extract_fts, rank) VALUES ('automerge', 0);`);
  const args = source === undefined ? [FIRST_EXTRACT_POS] : [FIRST_EXTRACT_POS, source];
  return db
    .prepare(
      `INSERT INTO extract_fts (rowid, words)
       SELECT pos, extract_cell_words(lat, lng, name_key || alt_keys || category_key, preset)
       FROM places WHERE pos >= ? ${source === undefined ? '' : 'AND source = ?'}`,
    )
    .run(...args).changes;
}

/**
 * A rebuild of the built-in rows (new landmarks, a package update, a new format)
 * copies the loaded extracts over from the file it replaces, or from the file of an
 * earlier format whose `places` rows have the same columns (EXTRACT_ROW_FORMATS); the
 * search text is derived again. Anything else is loaded again by PLACES_EXTRACTS or
 * `npm run places:load`.
 */
export function carryOverExtracts(db: Database.Database, previousFiles: string[]): number {
  const previousFile = previousFiles.find(existsSync);
  if (!previousFile) return 0;
  db.prepare('ATTACH DATABASE ? AS previous').run(previousFile);
  try {
    const format = db
      .prepare("SELECT value FROM previous.meta WHERE key = 'format'")
      .pluck()
      .get() as string | undefined;
    if (!EXTRACT_ROW_FORMATS.map(String).includes(format ?? '')) return 0;
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
