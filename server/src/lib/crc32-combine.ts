/**
 * CRC-32 (gzip's) of a text `a` followed by `b`, from CRC-32(a), CRC-32(b) and b's length,
 * without the texts: zlib's crc32_combine (its 1.2.12 form: multmodp and x2nmodp), which
 * Node's zlib binding doesn't expose and no maintained npm package offers. gzip-blocks.ts
 * needs it to write a patched answer's trailer from its blocks' CRCs. Checked against
 * Node's own crc32 of the joined texts (crc32-combine.unit.test.ts).
 */

/** gzip's polynomial, reflected. */
const POLY = 0xedb88320;
const TOP = 0x80000000;

/** a(x) times b(x) modulo the polynomial, in CRC's reflected bit order. */
function multmodp(a: number, b: number): number {
  let product = 0;
  for (let m = TOP; m !== 0; m >>>= 1) {
    if (a & m) {
      product ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the polynomial, for k = 0..31. */
const X2N: number[] = [];
for (let k = 0, p = TOP >>> 1; k < 32; k++, p = multmodp(p, p)) X2N.push(p);

/** x^(n·2^k) modulo the polynomial. */
function x2nmodp(n: number, k: number): number {
  let p = TOP;
  for (; n > 0; n = Math.floor(n / 2), k++) {
    if (n % 2) p = multmodp(X2N[k & 31]!, p);
  }
  return p;
}

/** CRC-32 of a‖b, from crcA, crcB and b's length in bytes. */
export function crc32Combined(crcA: number, crcB: number, lengthB: number): number {
  return (multmodp(x2nmodp(lengthB, 3), crcA) ^ crcB) >>> 0;
}
