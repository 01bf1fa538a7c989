import type { Db } from '../../../db/connection.ts';
import { newCustomDetails, type NewCustomPlace } from '../matcher.ts';
import { insertImport } from '../repository.ts';

/**
 * A matched, ready import of `userId` with one row (a new pin in Paris), written directly:
 * for tests about who may touch an import, not about reading files.
 */
export async function freshImport(db: Db, userId: number): Promise<number> {
  const id = await insertImport(db, {
    userId,
    source: 'fixture.json',
    file: {
      format: 'geojson',
      rows: [
        {
          name: 'Fixture bench',
          list_name: null,
          note: '',
          lat: 48.85,
          lng: 2.35,
          source_url: '',
          address: '',
          category: null,
          rating: null,
          visited: null,
          place_id: null,
          problem: null,
        },
      ],
    },
  });
  const pin: NewCustomPlace = { name: 'Fixture bench', lat: 48.85, lng: 2.35, category: 'park' };
  await db
    .updateTable('import_rows')
    .set({
      matched: 1,
      // Shown as the matcher shows a pin it will create at confirm.
      match_json: JSON.stringify(newCustomDetails(pin)),
      new_custom_json: JSON.stringify(pin),
    })
    .where('import_id', '=', id)
    .execute();
  await db.updateTable('imports').set({ status: 'ready', done: 1 }).where('id', '=', id).execute();
  return id;
}
