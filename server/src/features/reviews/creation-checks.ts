import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import type { Database, ReviewsTable } from '../../db/schema.ts';
import type { Db } from '../../db/connection.ts';
import { compiledOnce } from '../../db/compiled-once.ts';
import type { SessionGuard } from '../../plugins/session.ts';
import { sessionHolds } from '../../plugins/session-holds.ts';

/** What creating a spot depends on. */
export interface CreationChecks {
  /** the session holds (true or 1, by dialect) */
  signed_in: boolean | number;
  own_list: number | null;
  existing: number | null;
  earlier: number | null;
}

/** No list has this id: what the list check is asked when no list is given. */
export const NO_LIST = 0;

/**
 * Whether the session holds, checked here too because on PostgreSQL the statement may be
 * sent before the session's read is answered (`writesBesideSession`, plugins/session.ts);
 * the list's id if it is the user's, the user's spot of the place if they have one, and
 * any spot of theirs (none: this is their first). Two first spots saved at the same
 * instant may both be called first; it only decides whether the spot page invites photos.
 */
const checkColumns = (
  eb: ExpressionBuilder<Database, never>,
  userId: number,
  sessionId: string,
  at: number,
  placeId: string,
  listId: number,
) => [
  sessionHolds({ rowId: sessionId, userId, at }).as('signed_in'),
  eb
    .selectFrom('lists')
    .select('id')
    .where('user_id', '=', userId)
    .where('id', '=', listId)
    .as('own_list'),
  eb
    .selectFrom('reviews')
    .select('id')
    .where('user_id', '=', userId)
    .where('place_id', '=', placeId)
    .as('existing'),
  eb.selectFrom('reviews').select('id').where('user_id', '=', userId).limit(1).as('earlier'),
];

/**
 * The checks in one statement, where they were three round trips on PostgreSQL (decision
 * 023, session 20).
 */
const checksOnce = compiledOnce(
  (db, userId: number, sessionId: string, at: number, placeId: string, listId: number) =>
    db.selectNoFrom((eb) => checkColumns(eb, userId, sessionId, at, placeId, listId)),
);

export async function creationChecks(
  db: Db,
  session: SessionGuard,
  placeId: string,
  listId: number,
): Promise<CreationChecks> {
  const [checks] = await checksOnce(db, session.userId, session.rowId, session.at, placeId, listId);
  return checks!;
}

/** A new spot's row (create.ts, `spotRow`): every column but the generated ones. */
export type NewSpotRow = Omit<Selectable<ReviewsTable>, 'id' | 'initials'>;

/** Its columns, in the order `checkedInsert` takes their values. */
const NEW_SPOT_COLUMNS: readonly (keyof NewSpotRow)[] = [
  'user_id',
  'place_id',
  'review',
  'rating',
  'visited',
  'created_at',
  'updated_at',
  'place_name',
  'place_type',
  'place_city',
  'place_country',
  'search_norm',
];

/**
 * PostgreSQL, the place in hand: the checks, the spot and its list entry in one statement.
 * For a place the process knows, that is the whole create after the session's read, where
 * it was two statements in a row (decision 023, session 39); a place just read or asked of
 * the provider is checked again in it, so a spot saved meanwhile is named (session 40).
 * The spot is inserted only if the checks allow it (the session holds, the list is the
 * user's, the place not yet theirs); every part sees the database as it was before the
 * statement, so the checks answer as they would alone, and `created` is the new spot's id
 * or null. A second spot of the place saved at the same instant still meets the unique
 * (user, place) index.
 */
const checkedInsert = (onList: boolean) =>
  compiledOnce(
    (
      db,
      sessionId: string,
      at: number,
      listId: number,
      now: number,
      userId: number,
      placeId: string,
      ...values: unknown[]
    ) =>
      db
        .with('checks', (w) =>
          w.selectNoFrom((eb) => checkColumns(eb, userId, sessionId, at, placeId, listId)),
        )
        .with('spot', (w) =>
          w
            .insertInto('reviews')
            .columns(NEW_SPOT_COLUMNS)
            .expression((eb) =>
              eb
                .selectFrom('checks')
                .select((s) => NEW_SPOT_COLUMNS.map((column, i) => s.val(values[i]).as(column)))
                .where('checks.signed_in', '=', true)
                .where('checks.existing', 'is', null)
                .$if(onList, (q) => q.where('checks.own_list', 'is not', null)),
            )
            .returning('id'),
        )
        .with('entry', (w) =>
          w
            .insertInto('list_reviews')
            .columns(['list_id', 'review_id', 'notes', 'added_at'])
            .expression((eb) =>
              eb
                .selectFrom('spot')
                .select((s) => [
                  s.val(listId).as('list_id'),
                  'spot.id',
                  s.val('').as('notes'),
                  s.val(now).as('added_at'),
                ])
                // A spot on no list has no entry: the part stays, its select finds no row.
                .$if(!onList, (q) => q.where(sql<boolean>`false`)),
            )
            .returning('review_id'),
        )
        .selectFrom('checks')
        .select((eb) => [
          'checks.signed_in',
          'checks.own_list',
          'checks.existing',
          'checks.earlier',
          eb.selectFrom('spot').select('spot.id').as('created'),
        ]),
  );

const onAList = checkedInsert(true);
const alone = checkedInsert(false);

/**
 * The checks of a new spot and, if they allow it, the spot `row`, with its entry on `listId`
 * if one is given (NO_LIST: none), in one statement (PostgreSQL). The row's user is the
 * session's.
 */
export async function checkedSpotInsert(
  db: Db,
  session: SessionGuard,
  row: NewSpotRow,
  listId: number,
): Promise<CreationChecks & { created: number | null }> {
  const values = NEW_SPOT_COLUMNS.map((column) => row[column]);
  const insert = listId === NO_LIST ? alone : onAList;
  const { rowId, at } = session;
  const [result] = await insert(
    db,
    rowId,
    at,
    listId,
    row.created_at,
    row.user_id,
    row.place_id,
    ...values,
  );
  return result!;
}
