import { OnDemandPool } from '../../../lib/on-demand-pool.ts';
import { ImportFileError, type ParsedFile } from './parsed-file.ts';

interface WorkerAnswer {
  threadId: number;
  file?: ParsedFile;
  refused?: string;
}

const HEAP_CAP_MB = 512;

/**
 * Reading the largest file takes seconds of CPU (xmldom's DOM for a 25 MB KML, csv-parse
 * for a 25 MB CSV): done on the event loop it would stall every other request. One or two
 * threads, started on demand and ended when idle, so an app that imports nothing keeps
 * none; each thread's heap is capped, so a file that would take more is refused instead
 * of taking the server's memory.
 */
const parsers = new OnDemandPool<{ fileName: string; bytes: Uint8Array }, WorkerAnswer>({
  worker: new URL('./parse-worker.mjs', import.meta.url),
  maxThreads: 2,
  // Ended as soon as it is idle: a thread kept 5 s lived on through the import's
  // matching, and its heap (~50 MB after a 5,000-place file) added to matching's own
  // peak (bench/import.ts: +115-126 MB above idle with 5 s, +65-67 MB now). Starting a
  // thread again costs ~50 ms, once per file uploaded.
  idleTimeout: 100,
  resourceLimits: { maxOldGenerationSizeMb: HEAP_CAP_MB },
});

/** `parseImportFile` off the event loop; the thread that read it, for tests. */
export async function parseImportFileInWorker(
  fileName: string,
  bytes: Uint8Array,
): Promise<ParsedFile & { threadId: number }> {
  let answer: WorkerAnswer;
  try {
    answer = await parsers.run({ fileName, bytes });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
      throw new ImportFileError(
        `This file needs more than ${HEAP_CAP_MB} MB of memory to read: split it into smaller files.`,
      );
    }
    throw error;
  }
  if (answer.refused !== undefined) throw new ImportFileError(answer.refused);
  return { ...answer.file!, threadId: answer.threadId };
}
