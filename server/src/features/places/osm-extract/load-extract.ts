import { randomUUID } from 'node:crypto';
import { copyFileSync, existsSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { joinAddress } from '../place-text.ts';
import { FIRST_EXTRACT_POS } from '../embedded/index-format.ts';
import { cellToken } from '../embedded/grid.ts';
import { fineCell } from '../embedded/extract-cells.ts';
import { indexExtractText } from '../embedded/extract-rows.ts';
import { searchKey } from '../embedded/search-text.ts';
import { collectPois, type CollectProgress, type OsmRef } from './collect-pois.ts';
import { ExtractFileError } from './osm-element.ts';
import { nearestTownFinder } from './nearest-town.ts';
import { poiFields, type PoiFields } from './poi.ts';

export interface ExtractReport {
  /** the file's name: loading a file of the same name again replaces these rows */
  source: string;
  elements: number;
  places: number;
  passes: number;
  ms: number;
}

export interface LoadProgress extends CollectProgress {
  file(file: string, index: number, total: number): void;
  /** a step after the passes that counts rows: writing the places, indexing their words */
  step(label: string, done: number, total: number): void;
  /** a step without counts (the final merge) */
  writing(label: string): void;
}

const STAGING = `
  CREATE TABLE staging.staged_pois (
    ref TEXT PRIMARY KEY,
    importance INTEGER NOT NULL,
    fields TEXT NOT NULL,
    lat REAL,
    lng REAL
  ) WITHOUT ROWID;
`;

/**
 * Adds the named points of interest of OpenStreetMap extracts to the places index.
 * Everything happens on a copy of the index, renamed over it at the end: a file that
 * turns out bad (not OSM, truncated, no POIs) leaves the index exactly as it was, a
 * running server never sees half a load, and it switches to the new file at its next
 * search (places-index.ts). A file loaded before under the same name is replaced.
 */
export async function loadExtracts(
  indexFile: string,
  files: string[],
  progress?: LoadProgress,
): Promise<ExtractReport[]> {
  if (!existsSync(indexFile)) {
    throw new ExtractFileError(`no places index at ${indexFile}: start the server once first`);
  }
  for (const file of files) {
    if (!statSync(file, { throwIfNoEntry: false })?.isFile()) {
      throw new ExtractFileError(`${file}: no such file`);
    }
  }
  const temporary = `${indexFile}.${process.pid}-${randomUUID()}.tmp`;
  copyFileSync(indexFile, temporary);
  // The POIs are staged in a scratch database beside it, so the index file doesn't
  // keep their pages (free, but on disk) after the load.
  const staging = `${temporary}.staging`;
  try {
    const db = new Database(temporary);
    db.prepare('ATTACH DATABASE ? AS staging').run(staging);
    for (const schema of ['main', 'staging']) {
      db.pragma(`${schema}.journal_mode = OFF`);
      db.pragma(`${schema}.synchronous = OFF`);
    }
    db.pragma('cache_size = -64000');
    const reports: ExtractReport[] = [];
    try {
      for (const [i, file] of files.entries()) {
        progress?.file(file, i, files.length);
        reports.push(await loadOne(db, file, progress));
      }
      progress?.writing('merging the search index');
      db.exec(`INSERT INTO extract_fts (extract_fts) VALUES ('optimize'); ANALYZE;`);
      db.exec('DETACH DATABASE staging');
      db.pragma('journal_mode = DELETE');
    } finally {
      db.close();
    }
    renameSync(temporary, indexFile);
    return reports;
  } finally {
    rmSync(temporary, { force: true });
    rmSync(staging, { force: true });
  }
}

async function loadOne(
  db: Database.Database,
  file: string,
  progress?: LoadProgress,
): Promise<ExtractReport> {
  const started = performance.now();
  const source = path.basename(file);
  db.exec(`DROP TABLE IF EXISTS staged_pois; ${STAGING}`);
  const stage = db.prepare(
    'INSERT OR REPLACE INTO staged_pois (ref, importance, fields, lat, lng) VALUES (?, ?, ?, ?, ?)',
  );
  const place = db.prepare('UPDATE staged_pois SET lat = ?, lng = ? WHERE ref = ?');
  // Batched into transactions: a commit per POI would take hours for a country.
  db.exec('BEGIN');
  let pending = 0;
  const tick = () => {
    if (++pending < 50_000) return;
    db.exec('COMMIT; BEGIN');
    pending = 0;
  };
  let counts: Awaited<ReturnType<typeof collectPois>>;
  try {
    counts = await collectPois(
      file,
      {
        poi(ref, key, tags, at) {
          const fields = poiFields(key, tags);
          stage.run(
            ref,
            fields.importance,
            JSON.stringify(fields),
            at?.lat ?? null,
            at?.lng ?? null,
          );
          tick();
        },
        centre(ref, at) {
          place.run(at.lat, at.lng, ref);
          tick();
        },
      },
      progress,
    );
    db.exec('COMMIT');
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw error instanceof ExtractFileError
      ? new ExtractFileError(`${source}: ${error.message}`)
      : error;
  }
  const located = db.prepare('SELECT count(*) FROM staged_pois WHERE lat IS NOT NULL').pluck();
  if (located.get() === 0) {
    throw new ExtractFileError(
      `${source}: no named points of interest (cafés, shops, museums…) in ${counts.elements} ` +
        'OpenStreetMap elements; nothing was loaded',
    );
  }

  const places = db.transaction(() => {
    db.prepare(
      'DELETE FROM extract_fts WHERE rowid IN (SELECT pos FROM places WHERE source = ?)',
    ).run(source);
    db.prepare('DELETE FROM places WHERE source = ?').run(source);
    db.prepare('DELETE FROM extracts WHERE source = ?').run(source);
    const written = writePlaces(db, source, progress);
    const indexing = `indexing the words of ${source}`;
    progress?.step(indexing, 0, written);
    const indexed = indexExtractText(db, source, (rows) => progress?.step(indexing, rows, written));
    progress?.step(indexing, indexed, written);
    const stat = statSync(file);
    db.prepare(
      `INSERT INTO extracts (source, file, size, mtime_ms, places, loaded_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
    ).run(
      source,
      path.resolve(file),
      stat.size,
      Math.round(stat.mtimeMs),
      written,
      new Date().toISOString(),
    );
    return written;
  })();
  db.exec('DROP TABLE staged_pois');
  return {
    source,
    elements: counts.elements,
    places,
    passes: counts.passes,
    ms: Math.round(performance.now() - started),
  };
}

/**
 * Staged POIs → places rows, by fine cell (extract-cells.ts), most important first
 * within it: rowids order FTS matches, so when a short prefix matches thousands of POIs
 * in a cell, the first ones read are the ones most worth ranking, and a cell's
 * candidates sit on a few neighbouring pages instead of one page each (the row reads
 * were half of a search's time). An OSM object already loaded from another
 * (overlapping) extract keeps its row.
 */
function writePlaces(db: Database.Database, source: string, progress?: LoadProgress): number {
  const townNear = nearestTownFinder(db);
  let pos = Math.max(
    FIRST_EXTRACT_POS - 1,
    Number(db.prepare('SELECT max(pos) FROM places').pluck().get() ?? 0),
  );
  const insert = db.prepare(`
    INSERT OR IGNORE INTO places (pos, id, kind, name, name_key, alt_keys, codes, address,
      city, country, lat, lng, primary_type, website, summary, rank_population,
      category_key, cell, preset, source)
    VALUES (?, ?, 'poi', ?, ?, ?, '||', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  db.function('fine_cell', { deterministic: true }, (lat: unknown, lng: unknown) =>
    fineCell(Number(lat), Number(lng)),
  );
  // better-sqlite3 can't write while a read is open: the POIs are put in order once,
  // then read back in pages.
  db.exec(`DROP TABLE IF EXISTS ordered_pois;
    CREATE TABLE staging.ordered_pois AS SELECT ref, fields, lat, lng FROM staged_pois
    WHERE lat IS NOT NULL ORDER BY fine_cell(lat, lng), importance DESC, ref`);
  const page = db.prepare<
    [number],
    { n: number; ref: OsmRef; fields: string; lat: number; lng: number }
  >(
    'SELECT rowid AS n, ref, fields, lat, lng FROM ordered_pois WHERE rowid > ? ORDER BY rowid LIMIT 5000',
  );
  const total = db.prepare('SELECT count(*) FROM ordered_pois').pluck().get() as number;
  const step = `writing the places of ${source}`;
  progress?.step(step, 0, total);
  let written = 0;
  let read = 0;
  for (let rows = page.all(0); rows.length; rows = page.all(rows.at(-1)!.n)) {
    for (const row of rows) {
      const poi = JSON.parse(row.fields) as PoiFields;
      // PBF coordinates come as float sums (48.859500000000004): 7 decimals is OSM's own precision.
      const lat = Math.round(row.lat * 1e7) / 1e7;
      const lng = Math.round(row.lng * 1e7) / 1e7;
      const town = townNear(lat, lng);
      const city = poi.city || town?.name || '';
      const nameKey = searchKey(poi.name);
      if (!nameKey) continue; // a name of symbols only can't be searched
      const altKeys = [...new Set(poi.altNames.map(searchKey))].filter((k) => k && k !== nameKey);
      const categoryKeys = [...new Set(poi.categoryNames.map(searchKey))].filter(Boolean);
      const result = insert.run(
        pos + 1,
        `osm:${row.ref[0]!.toUpperCase()}${row.ref.slice(1)}`,
        poi.name,
        nameKey,
        `|${altKeys.join('|')}|`,
        joinAddress([
          poi.name,
          poi.street,
          [poi.postcode, city].filter(Boolean).join(' '),
          // the region and country from the nearest town's own address
          ...(town?.address.split(', ').slice(1) ?? []),
        ]),
        city,
        town?.country ?? '',
        lat,
        lng,
        poi.primaryType,
        poi.website,
        summaryOf(poi),
        poi.importance,
        `|${categoryKeys.join('|')}|`,
        cellToken(lat, lng),
        poi.preset,
        source,
      );
      if (result.changes) {
        pos++;
        written++;
      }
    }
    progress?.step(step, (read += rows.length), total);
  }
  db.exec('DROP TABLE ordered_pois');
  return written;
}

/** "Cafe · Opening hours: Mo-Fr 08:00-18:00" */
function summaryOf(poi: PoiFields): string {
  const category = poi.categoryNames[0] ?? '';
  const hours = poi.openingHours ? `Opening hours: ${poi.openingHours}` : '';
  return [category, hours].filter(Boolean).join(' · ');
}
