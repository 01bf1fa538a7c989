import { describe, expect, it } from 'vitest';
import { insertSpot } from '../features/lists/test/factories.ts';
import { useTestApp } from '../../test/helper.ts';
import { storedVersion } from '../../test/versions.ts';
import {
  GALLERY_CHANGES_KEPT as KEPT,
  GALLERY_CHANGES_TRIM_EVERY as EVERY,
} from './migrations/008_gallery_changes.ts';

/*
 * Migration 008's triggers (on PostgreSQL, 018's for new spots and edits) trim the gallery change log once every EVERY versions, not on
 * every write. Readers (gallery-changes.ts) rely on the log always reaching back KEPT
 * versions; the table must still stay small.
 */

const { t, alice } = useTestApp({ users: ['alice'] });

const loggedVersions = async (userId: number) =>
  (
    await t.ctx.db
      .selectFrom('gallery_changes')
      .select('version')
      .where('user_id', '=', userId)
      .orderBy('version')
      .execute()
  ).map((row) => row.version);

describe('gallery change log', () => {
  it('is trimmed only when a write reaches a multiple of the period, and keeps enough', async () => {
    const db = t.ctx.db;
    const spot = await insertSpot(db, alice.id);
    let extra: number | undefined;
    // Updates bump the version twice, inserts and deletes once: every remainder is reached.
    const writes = [
      () => db.updateTable('reviews').set({ rating: 1 }).where('id', '=', spot).execute(),
      async () => void (extra = await insertSpot(db, alice.id)),
      () => db.updateTable('reviews').set({ rating: 2 }).where('id', '=', spot).execute(),
      () => db.deleteFrom('reviews').where('id', '=', extra!).execute(),
    ];
    const written: number[] = [await storedVersion(db, 'spot_counts', alice.id)];
    let trimmedAt = 0;
    for (let i = 0; written.at(-1)! < KEPT + 4 * EVERY; i++) {
      const before = written.at(-1)!;
      await writes[i % writes.length]!();
      const now = await storedVersion(db, 'spot_counts', alice.id);
      written.push(now);
      if (Math.floor(now / EVERY) > Math.floor(before / EVERY)) trimmedAt = now;
      // Exactly the writes after the last trim's bound are logged: none is forgotten early.
      const expected = written.filter((v) => v > trimmedAt - KEPT);
      expect(await loggedVersions(alice.id), `version ${now}`).toEqual(expected);
      expect(now - expected[0]!).toBeLessThan(KEPT + EVERY + 2);
    }
  });
});
