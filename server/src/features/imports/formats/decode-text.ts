import { ImportFileError } from './parsed-file.ts';

/**
 * Bytes to text: UTF-8 (with or without BOM) or UTF-16 with a BOM, as spreadsheets and
 * Windows tools save them. Anything else is refused with the line of the first bad byte,
 * never read as mojibake: a name garbled on import is a name garbled forever.
 */
export function decodeText(bytes: Uint8Array): string {
  const encoding = bomEncoding(bytes);
  if (encoding === 'utf-8' && bytes.includes(0)) {
    throw new ImportFileError(
      "This file isn't text we can read: it holds NUL bytes (a binary file, or UTF-16 without a byte order mark). Save it as UTF-8 and try again.",
    );
  }
  let text: string;
  try {
    // ignoreBOM: false strips the byte order mark for us.
    text = new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    throw new ImportFileError(
      `This file isn't valid ${encoding.toUpperCase()} text (unreadable bytes on line ${firstBadLine(bytes, encoding)}). Save it as UTF-8 and try again.`,
    );
  }
  if (text.includes('\u0000')) {
    throw new ImportFileError("This file isn't text we can read: it holds NUL characters.");
  }
  return text;
}

function bomEncoding(bytes: Uint8Array): 'utf-8' | 'utf-16le' | 'utf-16be' {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return 'utf-8';
}

/** The replacing decoder marks the first bad sequence with U+FFFD; its line is the answer. */
function firstBadLine(bytes: Uint8Array, encoding: string): number {
  const lenient = new TextDecoder(encoding).decode(bytes);
  const at = lenient.indexOf('\uFFFD');
  return at < 0 ? 1 : lenient.slice(0, at).split('\n').length;
}
