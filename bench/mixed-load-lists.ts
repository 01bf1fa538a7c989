import type { Db } from '../server/src/db/connection.ts';
import { THREAD_BUILD_FROM } from '../server/src/features/lists/list-answer-cache.ts';
import { buildListAnswer, storedLayout } from '../server/src/features/lists/list-answer-build.ts';
import {
  storedListAnswer,
  storeListAnswer,
} from '../server/src/features/lists/list-answer-store.ts';
import { listsByIds } from '../server/src/features/lists/repository.ts';
import type { BenchUser } from './mixed-load-plan.ts';

/**
 * Which state the bench users' lists start a run in (decision 023, session 29):
 * - `opened` (the default): each big list's answer stored at its current version, as a
 *   deployment holds for every list someone opened since it last changed (the app stores
 *   each whole build: list-answer-store.ts). A restarted server, or one more app server,
 *   reads it instead of building it.
 * - `cold`: none stored, so the run's first opening of each of the ~150 lists builds it
 *   whole (~45-140 ms of CPU for 2,000 spots, by the machine): every list opened for the
 *   first time in the same seconds, as after a release that changed the answers' format.
 *   Every run before session 29 measured this.
 */
export type ListsAtStart = 'opened' | 'cold';

/** Puts the users' lists in the state `at`; returns how many answers it stored or dropped. */
export async function prepareListAnswers(
  db: Db,
  users: BenchUser[],
  at: ListsAtStart,
): Promise<number> {
  const rows = await db
    .selectFrom('lists')
    .select('id')
    .where(
      'user_id',
      'in',
      users.map((user) => user.id),
    )
    .execute();
  const ids = rows.map((row) => row.id);
  if (!ids.length) return 0;
  if (at === 'cold') {
    const dropped = await db
      .deleteFrom('stored_list_answers')
      .where('list_id', 'in', ids)
      .execute();
    return dropped.reduce((sum, result) => sum + Number(result.numDeletedRows), 0);
  }
  let stored = 0;
  // One at a time, through the app's own build and store: the bytes a server would store.
  for (const list of await listsByIds(db, ids)) {
    if (list.spot_count < THREAD_BUILD_FROM || (await storedListAnswer(db, list))) continue;
    const built = await buildListAnswer(db, list);
    await storeListAnswer(db, list, built.gzipped, storedLayout(built));
    stored++;
  }
  return stored;
}
