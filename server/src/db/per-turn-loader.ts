import DataLoader from 'dataloader';

/**
 * Loads rows by key, the keys asked in one turn of the event loop read together by
 * `readMany`: under load a turn handles dozens of requests, and on PostgreSQL each statement
 * is a round trip, a pooled connection held and a backend's bind and execute (decision 023,
 * sessions 27 and 28). Nothing is kept: each load reads its row as it is when the batch
 * runs, in the turn it was asked. One load alone is a batch of one.
 *
 * `readMany` gets each key once and answers with the rows it found by key; a key it did not
 * find loads as undefined.
 */
export function perTurnLoader<K, V>(
  readMany: (keys: K[]) => Promise<Map<K, V>>,
  maxBatchSize: number,
): (key: K) => Promise<V | undefined> {
  const loader = new DataLoader<K, V | undefined>(
    async (keys) => {
      const found = await readMany([...new Set(keys)]);
      return keys.map((key) => found.get(key));
    },
    // After every request parsed in this turn (setImmediate runs once the poll phase is
    // over), not after each one's own callback (DataLoader's default, process.nextTick).
    { cache: false, maxBatchSize, batchScheduleFn: (run) => setImmediate(run) },
  );
  return (key) => loader.load(key);
}
