import { inflateSync } from 'node:zlib';

/**
 * Reads back a PNG of our own encoder (server/src/lib/png.ts: 8-bit RGB, one IDAT, no
 * filters), so tests can look at the pixels a picture was drawn with.
 */
export function decodePng(png: Buffer) {
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const chunks: Buffer[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    if (png.toString('ascii', at + 4, at + 8) === 'IDAT') {
      chunks.push(png.subarray(at + 8, at + 8 + length));
    }
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(chunks));
  const stride = width * 3 + 1;
  const pixel = (x: number, y: number): [number, number, number] => {
    const o = Math.floor(y) * stride + 1 + Math.floor(x) * 3;
    return [raw[o]!, raw[o + 1]!, raw[o + 2]!];
  };
  return { width, height, pixel };
}
