import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crc32Combined } from './crc32-combine.ts';

describe('crc32Combined', () => {
  it("is Node's CRC-32 of the two texts joined", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.uint8Array({ maxLength: 300 }), (a, b) => {
        const joined = crc32(Buffer.concat([a, b]));
        expect(crc32Combined(crc32(a), crc32(b), b.length)).toBe(joined);
      }),
      { numRuns: 500 },
    );
  });

  it('holds for long texts and empty ones', () => {
    const a = randomBytes(70_000);
    for (const b of [Buffer.alloc(0), randomBytes(1), randomBytes(1_500_000)]) {
      expect(crc32Combined(crc32(a), crc32(b), b.length)).toBe(crc32(Buffer.concat([a, b])));
      expect(crc32Combined(crc32(b), crc32(a), a.length)).toBe(crc32(Buffer.concat([b, a])));
    }
  });
});
