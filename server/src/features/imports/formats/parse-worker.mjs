/**
 * The import parser's worker (parse-in-worker.ts). A worker thread starts without the
 * main thread's tsx loader, so this plain module registers it before loading the readers.
 * A refusal comes back as data: an Error's class does not survive the thread boundary.
 */
import { threadId } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { parseImportFile, ImportFileError } = await import('./index.ts');

export default async function parseInWorker({ fileName, bytes }) {
  try {
    return { threadId, file: await parseImportFile(fileName, bytes) };
  } catch (error) {
    if (error instanceof ImportFileError) return { threadId, refused: error.message };
    throw error;
  }
}
