/**
 * Whether a file is an ISO-BMFF (HEIF) container of the HEVC kind, as iPhones write:
 * its `ftyp` box's brands. Only used to say "HEIC" plainly when sharp cannot read the
 * file at all; AVIF (the same container, AV1-coded) is not matched.
 */
const HEVC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs']);
const GENERIC_BRANDS = new Set(['mif1', 'msf1']);

export function isHeicContainer(file: Buffer): boolean {
  if (file.length < 16 || file.toString('latin1', 4, 8) !== 'ftyp') return false;
  const boxSize = Math.min(file.readUInt32BE(0), file.length, 256);
  const brands: string[] = [file.toString('latin1', 8, 12)];
  for (let at = 16; at + 4 <= boxSize; at += 4) brands.push(file.toString('latin1', at, at + 4));
  if (brands.some((b) => b === 'avif' || b === 'avis')) return false;
  return brands.some((b) => HEVC_BRANDS.has(b) || GENERIC_BRANDS.has(b));
}
