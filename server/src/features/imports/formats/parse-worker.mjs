/**
 * The import parser's worker (parse-in-worker.ts); what every pool worker does is in
 * lib/on-demand-pool-worker.mjs. A refusal comes back as data: an Error's class does not
 * survive the thread boundary.
 */
import { threadId } from 'node:worker_threads';
import { answeringWarmUp, registerTsx } from '../../../lib/on-demand-pool-worker.mjs';

await registerTsx();
const { parseImportFile, ImportFileError } = await import('./index.ts');

export default answeringWarmUp(async ({ fileName, bytes }) => {
  try {
    return { threadId, file: await parseImportFile(fileName, bytes) };
  } catch (error) {
    if (error instanceof ImportFileError) return { threadId, refused: error.message };
    throw error;
  }
});
