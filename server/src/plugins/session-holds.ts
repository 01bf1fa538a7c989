import { expressionBuilder } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { SessionGuard } from './session.ts';

/**
 * Whether the session still holds, as a condition of a write's own statement: its row,
 * of its user, unexpired at the instant the session hook checks its read against. A
 * write sent before the session's read is answered (`writesBesideSession`, session.ts)
 * writes only with it.
 */
export function sessionHolds({ rowId, userId, at }: SessionGuard) {
  const eb = expressionBuilder<Database, never>();
  return eb.exists(
    eb
      .selectFrom('sessions')
      .select('id')
      .where('id', '=', rowId)
      .where('user_id', '=', userId)
      .where('expires_at', '>=', at),
  );
}
