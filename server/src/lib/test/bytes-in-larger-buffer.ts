/**
 * `text`'s UTF-8 bytes as a view of part of a larger buffer, as Node's shared buffer pool
 * hands them out: what a worker can't move without a copy. TypeScript, so the test's
 * worker also shows that it registered tsx.
 */
export function bytesInLargerBuffer(text: string): Uint8Array {
  const encoded = new TextEncoder().encode(text);
  const larger = new Uint8Array(encoded.length + 16);
  larger.set(encoded, 8);
  return larger.subarray(8, 8 + encoded.length);
}
