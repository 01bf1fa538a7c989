import { PNG } from 'pngjs';

/**
 * Reads a PNG the server drew (any colour type, with or without alpha) with pngjs, so
 * tests can look at the pixels a picture was drawn with.
 */
export function decodePng(png: Buffer) {
  const { width, height, data } = PNG.sync.read(png);
  const pixel = (x: number, y: number): [number, number, number] => {
    const o = (Math.floor(y) * width + Math.floor(x)) * 4;
    return [data[o]!, data[o + 1]!, data[o + 2]!];
  };
  return { width, height, pixel };
}
