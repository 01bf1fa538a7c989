import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import fc from 'fast-check';
import { HOSTILE_IMPORT_FILES } from './hostile-import-files.ts';

/**
 * Hostile uploads for routes that take a multipart file (the photos' POST): files that
 * look like images and are not, or are and hide something, wrapped in well- and ill-formed
 * multipart bodies. Built by hand, synchronously, so fast-check can shrink them.
 */
const TINY_JPEG = Buffer.from(
  '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAGAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAL/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAABf/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AJAFmX//2Q==',
  'base64',
);
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAYAAACp8Z5+AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWPgOhHVgIwZSBcAAIZRGsH0dHlnAAAAAElFTkSuQmCC',
  'base64',
);

/** The tiny PNG with its header claiming width × height (checksum fixed): a bomb. */
function pngClaiming(width: number, height: number): Buffer {
  const png = Buffer.from(TINY_PNG);
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

const SCRIPT = Buffer.from('<html><script>alert(document.cookie)</script></html>');

const FILES: Buffer[] = [
  TINY_JPEG,
  TINY_PNG,
  pngClaiming(100_000, 100_000),
  pngClaiming(0x7fffffff, 1),
  pngClaiming(0, 0),
  TINY_JPEG.subarray(0, 100), // truncated
  Buffer.concat([TINY_JPEG, SCRIPT]), // polyglot
  Buffer.concat([SCRIPT, TINY_JPEG]),
  Buffer.concat([TINY_PNG.subarray(0, 8), SCRIPT]),
  Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'),
  Buffer.from('\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic', 'latin1'),
  Buffer.from('\x00\x00\x00\x1cftypavif\x00\x00\x00\x00avifmif1miaf', 'latin1'),
  Buffer.from('RIFF\xff\xff\xff\x7fWEBPVP8 ', 'latin1'),
  Buffer.alloc(0),
  Buffer.alloc(2048),
  Buffer.from('%PDF-1.7\n'),
  randomBytes(4096),
  // The import upload shares this generator: its own bombs and broken files.
  ...HOSTILE_IMPORT_FILES,
];

const FILENAMES = [
  'photo.jpg',
  '',
  '../../etc/passwd',
  'a\u0000b.jpg',
  'é😀.heic',
  'x'.repeat(2000),
  '"; x="y',
];
const FIELDS = ['file', 'file', 'file', 'photo', '__proto__', ''];
const TYPES = [
  'image/jpeg',
  'image/png',
  'text/html',
  'application/octet-stream',
  '',
  'image/svg+xml',
];

interface Part {
  field: string;
  filename: string;
  type: string;
  data: Buffer;
}

const part: fc.Arbitrary<Part> = fc.record({
  field: fc.constantFrom(...FIELDS),
  filename: fc.constantFrom(...FILENAMES),
  type: fc.constantFrom(...TYPES),
  data: fc.oneof(
    { arbitrary: fc.constantFrom(...FILES), weight: 8 },
    { arbitrary: fc.uint8Array({ maxLength: 512 }).map((a) => Buffer.from(a)), weight: 1 },
    // Just over the 15 MB a photo may be: the size limit must answer, not the decoder.
    { arbitrary: fc.constant(Buffer.alloc(15 * 1024 * 1024 + 1, 0xff)), weight: 1 },
  ),
});

/** A multipart body of one to three parts, sometimes cut short or with a lying boundary. */
export const hostileMultipart: fc.Arbitrary<{ payload: Buffer; contentType: string }> = fc
  .record({
    parts: fc.array(part, { minLength: 1, maxLength: 3 }),
    ending: fc.constantFrom('proper', 'proper', 'proper', 'cut', 'none'),
    declared: fc.constantFrom('same', 'same', 'same', 'other', 'missing'),
  })
  .map(({ parts, ending, declared }) => {
    const boundary = 'fuzzboundary7MA4YWxkTrZu0gW';
    const chunks = parts.flatMap((p) => [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"; filename="${p.filename}"\r\nContent-Type: ${p.type}\r\n\r\n`,
      ),
      p.data,
      Buffer.from('\r\n'),
    ]);
    if (ending === 'proper') chunks.push(Buffer.from(`--${boundary}--\r\n`));
    let payload = Buffer.concat(chunks);
    if (ending === 'cut') payload = payload.subarray(0, Math.floor(payload.length / 2));
    const contentType =
      declared === 'same'
        ? `multipart/form-data; boundary=${boundary}`
        : declared === 'other'
          ? 'multipart/form-data; boundary=somethingelse'
          : 'multipart/form-data';
    return { payload, contentType };
  });
