import { IMPORT_LIMITS } from '@spotbook/contract';
import { Unzip, UnzipInflate, unzipSync } from 'fflate';
import { ImportFileError } from './parsed-file.ts';

export interface ZipEntry {
  name: string;
  bytes: Uint8Array;
}

/** Compressed bytes handed to the inflater at a time: one step unpacks at most ~16 MB. */
const STEP = 16 * 1024;

export function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5);
}

/** `../x`, `/etc/x`, `C:\x`: an entry that would land outside the folder it unpacks to. */
export function isUnsafePath(name: string): boolean {
  return /^([/\\]|[a-z]:)/i.test(name) || name.split(/[/\\]/).includes('..');
}

/** The central directory's list, read without inflating anything. */
function listEntries(bytes: Uint8Array, kind: string): { name: string; originalSize: number }[] {
  const entries: { name: string; originalSize: number }[] = [];
  try {
    unzipSync(bytes, {
      filter: (file) => {
        entries.push({ name: file.name, originalSize: file.originalSize });
        return false;
      },
    });
  } catch {
    throw new ImportFileError(
      `This ${kind} file is damaged or incomplete: its zip directory can't be read.`,
    );
  }
  return entries;
}

const bombMessage = (kind: string) =>
  `This ${kind} file unpacks to more than ${IMPORT_LIMITS.unpackedBytes / 1024 / 1024} MB (a zip bomb?): it was not read.`;

/**
 * Unpacks only the entries `wanted` names. The directory's declared sizes are checked
 * before anything is inflated, and the real output is counted while inflating in small
 * steps, so an archive that lies about its sizes stops at the cap instead of filling memory.
 */
export function readZipEntries(
  bytes: Uint8Array,
  wanted: (name: string) => boolean,
  kind: string,
): ZipEntry[] {
  const listed = listEntries(bytes, kind);
  const unsafe = listed.find((e) => isUnsafePath(e.name));
  if (unsafe) {
    throw new ImportFileError(
      `This ${kind} file holds an entry with an unsafe path ("${unsafe.name.slice(0, 100)}"): archives with "../" or absolute paths are refused.`,
    );
  }
  const declared = new Map(
    listed.filter((e) => wanted(e.name)).map((e) => [e.name, e.originalSize]),
  );
  const declaredTotal = [...declared.values()].reduce((a, b) => a + b, 0);
  if (declaredTotal > IMPORT_LIMITS.unpackedBytes) throw new ImportFileError(bombMessage(kind));

  const entries: ZipEntry[] = [];
  let total = 0;
  let failure: ImportFileError | null = null;
  const unzip = new Unzip((file) => {
    const limit = declared.get(file.name);
    if (limit === undefined || isUnsafePath(file.name)) return;
    const chunks: Uint8Array[] = [];
    let size = 0;
    file.ondata = (error, chunk, final) => {
      if (failure) return;
      if (error) {
        failure = new ImportFileError(
          `This ${kind} file is damaged: "${file.name.slice(0, 100)}" can't be unpacked.`,
        );
        return;
      }
      size += chunk.length;
      total += chunk.length;
      // More than the directory declared is a lie worth refusing on its own.
      if (size > limit || total > IMPORT_LIMITS.unpackedBytes) {
        failure = new ImportFileError(bombMessage(kind));
        file.terminate();
        return;
      }
      chunks.push(chunk);
      if (final) entries.push({ name: file.name, bytes: concat(chunks, size) });
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < bytes.length && !failure; at += STEP) {
      unzip.push(bytes.subarray(at, at + STEP), at + STEP >= bytes.length);
    }
  } catch {
    failure ??= new ImportFileError(`This ${kind} file is damaged or incomplete.`);
  }
  if (failure) throw failure;
  return entries;
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/** The entries' names, to tell a Takeout archive from a KMZ without unpacking either. */
export function zipEntryNames(bytes: Uint8Array): string[] {
  return listEntries(bytes, 'zip').map((e) => e.name);
}
