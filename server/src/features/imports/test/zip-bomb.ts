import { zipSync } from 'fflate';

/**
 * 100 MB of zeros (~100 KB packed) whose zip headers, local and central, claim 1,000
 * bytes: a reader that trusts the declared size would inflate it all.
 */
export function lyingZipBomb(): Uint8Array {
  const zip = zipSync({ 'doc.kml': new Uint8Array(100 * 1024 * 1024) }, { level: 9 });
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  view.setUint32(22, 1000, true); // local header: uncompressed size
  let central = zip.length - 46;
  while (view.getUint32(central, true) !== 0x02014b50) central--;
  view.setUint32(central + 24, 1000, true); // central directory: uncompressed size
  return zip;
}
