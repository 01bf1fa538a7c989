import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';
import {
  deleteBody,
  GALLERY_CHANGES_KEPT,
  GALLERY_CHANGES_TRIM_EVERY,
  image,
  postgresBumpFunction,
  updateBody,
} from './008_gallery_changes.ts';

/**
 * PostgreSQL: a new spot and an edit of a spot (its user unchanged, as always in the app)
 * bump the gallery version in one write of the user's `spot_counts` row, log the change
 * with the version that write returned, and test the trim period in PL/pgSQL. Migration
 * 008's bodies ran three statements for a new spot and seven for an edit, the edit writing
 * the same row twice (+1, then +1 again); an edit's row triggers were 1.3–1.7 ms of its
 * ~2.5 ms (decision 023, session 31). What is written is the same: an edit still raises
 * the version by two, a new spot by one, and a user without a `spot_counts` row gets
 * version 1 either way. A deleted spot and a spot moved to another user keep 008's bodies.
 * SQLite's row triggers are statements of their own and stay as they are.
 */

/** Bumps NEW's user by `step`, logs NEW with `before`'s columns, trims on the period. */
const bumpLogTrim = (step: number, before: 'OLD' | null) =>
  `INSERT INTO spot_counts AS c (user_id, version) VALUES (NEW.user_id, 1)
      ON CONFLICT (user_id) DO UPDATE SET version = c.version + ${step}
      RETURNING version INTO bumped;
    INSERT INTO gallery_changes (user_id, version, spot_id, old_rating, old_visited, old_type, old_city, old_country)
      VALUES (NEW.user_id, bumped, NEW.id, ${image(before)});
    IF bumped % ${GALLERY_CHANGES_TRIM_EVERY} < ${step} THEN
      DELETE FROM gallery_changes
        WHERE user_id = NEW.user_id AND version <= bumped - ${GALLERY_CHANGES_KEPT};
    END IF;`;

const run = (db: Kysely<any>, statement: string) => sql.raw(statement).execute(db);

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await run(
    db,
    `CREATE OR REPLACE FUNCTION gallery_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
     DECLARE bumped integer;
     BEGIN
       IF TG_OP = 'INSERT' THEN ${bumpLogTrim(1, null)}
       ELSIF TG_OP = 'UPDATE' AND OLD.user_id = NEW.user_id THEN ${bumpLogTrim(2, 'OLD')}
       ELSIF TG_OP = 'DELETE' THEN ${deleteBody}
       ELSE ${updateBody('OLD', 'NEW')}
       END IF;
       RETURN NULL;
     END $$`,
  );
}

/** Migration 008's function again. */
export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await run(db, postgresBumpFunction);
}
