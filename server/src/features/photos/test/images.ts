import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/**
 * Test images made on the spot with sharp, so each test says what its file is: a
 * photo-like pattern (smooth gradients plus noise, like a camera's output) in any size.
 */
export async function photoPixels(width: number, height: number, channels: 3 | 4 = 3) {
  const data = Buffer.alloc(width * height * channels);
  let seed = 12345;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const noise = (seed >> 16) % 24;
      const i = (y * width + x) * channels;
      data[i] = (x * 255) / width + noise / 2;
      data[i + 1] = (y * 255) / height + noise / 3;
      data[i + 2] = 128 + 100 * Math.sin((x + y) / 40) + noise;
      if (channels === 4) data[i + 3] = x < width / 2 ? 255 : 96;
    }
  }
  return sharp(data, { raw: { width, height, channels } });
}

/** A camera-like JPEG: stored sideways (EXIF orientation 6) with GPS and camera fields. */
export async function sidewaysJpegWithGps(width = 640, height = 480): Promise<Buffer> {
  return (await photoPixels(width, height))
    .jpeg({ quality: 85 })
    .withExif({
      IFD0: { Make: 'Spotbook Test Phone', Model: 'Pocket 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 2400/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 17/1 4000/100',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

export const pngWithAlpha = async (width = 300, height = 200) =>
  (await photoPixels(width, height, 4)).png().toBuffer();
export const webp = async (width = 300, height = 200) =>
  (await photoPixels(width, height)).webp().toBuffer();
export const avif = async (width = 300, height = 200) =>
  (await photoPixels(width, height)).avif({ effort: 0 }).toBuffer();
export const jpeg = async (width = 300, height = 200) =>
  (await photoPixels(width, height)).jpeg().toBuffer();

/**
 * A decompression bomb: a tiny valid PNG whose header claims `width` × `height` pixels
 * (its IHDR rewritten, checksum fixed); decoding it would need gigabytes.
 */
export async function pngBomb(width = 100_000, height = 100_000): Promise<Buffer> {
  const png = Buffer.from(await (await photoPixels(8, 8)).png().toBuffer());
  // IHDR: 8-byte signature, 4-byte length, "IHDR", then width and height.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** A JPEG cut off halfway, as an interrupted copy leaves it. */
export const truncatedJpeg = async () => {
  const whole = await jpeg(800, 600);
  return whole.subarray(0, Math.floor(whole.length / 2));
};

/** A valid JPEG with an HTML page and script after its end marker. */
export const polyglotJpeg = async () =>
  Buffer.concat([
    await jpeg(120, 90),
    Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>'),
  ]);

/**
 * HEIC as an iPhone writes it, as far as a test can make one: sharp's prebuilt libheif
 * cannot encode (or decode) HEVC, so this is a real AVIF whose brands and codec boxes are
 * renamed to HEVC's (`heic`, `hvc1`, `hvcC`) — the container of an iPhone photo.
 */
export async function heicLike(): Promise<Buffer> {
  const file = Buffer.from(await avif(64, 48));
  const rename = (from: string, to: string) => {
    for (let at = file.indexOf(from); at !== -1; at = file.indexOf(from, at + 4)) {
      file.write(to, at, 'latin1');
    }
  };
  rename('avif', 'heic');
  rename('av01', 'hvc1');
  rename('av1C', 'hvcC');
  return file;
}

export const svg = () =>
  Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><script>alert(1)</script><rect width="200" height="100" fill="red"/></svg>',
  );
export const gif = async () => (await photoPixels(40, 30)).gif().toBuffer();
