import type { Import, ImportRow, ImportStatus, PlaceDetails } from '@spotbook/contract';
import type { ExistingSpot, ImportRecord, ImportRowRecord } from './repository.ts';

const parseJson = <T>(text: string | null, fallback: T): T =>
  text === null ? fallback : (JSON.parse(text) as T);

export function presentRow(row: ImportRowRecord, existing: ExistingSpot | null): ImportRow {
  return {
    index: row.idx,
    name: row.name,
    list_name: row.list_name,
    note: row.note,
    note_truncated: row.note_truncated === 1,
    lat: row.lat,
    lng: row.lng,
    source_url: row.source_url,
    rating: row.rating,
    visited: row.visited === null ? null : row.visited === 1,
    match: parseJson<PlaceDetails | null>(row.match_json, null),
    candidates: parseJson<PlaceDetails[]>(row.candidates_json, []),
    existing_review_id: existing?.id ?? null,
    existing_cover: existing?.cover ?? null,
    decision: row.decision === 'skip' ? 'skip' : 'create',
    problem: row.problem,
  };
}

export function presentImportHead(record: ImportRecord): Omit<Import, 'rows'> {
  return {
    id: record.id,
    status: record.status as ImportStatus,
    progress: { done: record.done, total: record.total },
    source: record.source,
    detail: record.detail,
  };
}

export function presentImport(
  record: ImportRecord,
  rows: ImportRowRecord[],
  existing: Map<number, ExistingSpot>,
): Import {
  return {
    ...presentImportHead(record),
    rows: rows.map((row) => presentRow(row, existing.get(row.idx) ?? null)),
  };
}
