import { threadId } from 'node:worker_threads';
import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ImportFileError, parseImportFile } from './index.ts';
import { parseImportFileInWorker } from './parse-in-worker.ts';
import { takeoutZip } from './samples.ts';

describe('parsing off the event loop', () => {
  it('gives the same rows as reading in-thread, from another thread', async () => {
    const { threadId: worker, ...file } = await parseImportFileInWorker(
      'takeout.zip',
      takeoutZip(),
    );
    expect(worker).not.toBe(threadId);
    expect(file).toEqual(await parseImportFile('takeout.zip', takeoutZip()));
  });

  it('a refusal comes back as an ImportFileError with its message', async () => {
    const error: unknown = await parseImportFileInWorker(
      'x.csv',
      strToU8('city,lat,lng\nA,1,2\n'),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportFileError);
    expect((error as Error).message).toContain('This CSV file has no name column');
  });
});
