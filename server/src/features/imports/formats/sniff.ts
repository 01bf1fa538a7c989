/** Files people pick by mistake, told by their first bytes, so the refusal can name them. */
const SIGNATURES: [bytes: number[], what: string][] = [
  [[0x89, 0x50, 0x4e, 0x47], 'a PNG image'],
  [[0xff, 0xd8, 0xff], 'a JPEG image'],
  [[0x47, 0x49, 0x46, 0x38], 'a GIF image'],
  [[0x25, 0x50, 0x44, 0x46], 'a PDF document'],
  [[0x1f, 0x8b], 'a gzip archive (for Takeout, choose the .zip file type when exporting)'],
  [[0x52, 0x61, 0x72, 0x21], 'a RAR archive'],
  [[0x37, 0x7a, 0xbc, 0xaf], 'a 7-Zip archive'],
  [[0xd0, 0xcf, 0x11, 0xe0], 'an old Office document (save it as CSV)'],
];

export function knownBinary(bytes: Uint8Array): string | null {
  const found = SIGNATURES.find(([signature]) => signature.every((b, i) => bytes[i] === b));
  return found ? found[1] : null;
}

export const SUPPORTED =
  'Choose a Google Takeout file (.zip, Saved Places.json or a list .csv), KML, KMZ, GPX, GeoJSON or CSV.';

/** The name's extension, lower case, without the dot ('' when none). */
export function extensionOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}
