import exifr from 'exifr';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { AUTH_REQUIRED_DETAIL, PHOTO_MESSAGES, REVIEW_MESSAGES } from '@spotbook/contract';
import { createPlace, createSpot } from '../../../test/factories.ts';
import { TestClient, useTestApp } from '../../../test/helper.ts';
import * as images from './test/images.ts';
import { photosUrl, riffChunks, upload, uploaded } from './test/upload.ts';

const { t, alice, bob } = useTestApp({ users: ['alice', 'bob'] });
let spotId: number;
beforeEach(async () => {
  spotId = (await createSpot(alice, await createPlace(t.ctx))).id;
});

const fetchPhoto = (client: TestClient, url: string) => client.get(url);
const stored = () =>
  t.ctx.db.selectFrom('photos').selectAll().where('review_id', '=', spotId).execute();

describe('upload: each accepted format comes out upright, sRGB WebP, without metadata', () => {
  it('turns a sideways phone JPEG upright and drops its EXIF and GPS', async () => {
    const original = await images.sidewaysJpegWithGps(640, 480);
    expect(await exifr.gps(original)).toMatchObject({ latitude: expect.closeTo(48.856, 2) });
    const response = await upload(alice.client, spotId, { data: original, type: 'image/jpeg' });
    expect(response.statusCode).toBe(201);
    const photo = response.json();
    // Orientation 6: stored 640×480, seen (and now stored) 480×640.
    expect(photo).toMatchObject({ width: 480, height: 640 });
    expect(photo.url).toBe(`/api/photos/${photo.id}/large.webp`);
    expect(photo.thumb_url).toBe(`/api/photos/${photo.id}/thumb.webp`);

    for (const url of [photo.url, photo.thumb_url]) {
      const served = await fetchPhoto(alice.client, url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      const file = served.rawPayload;
      const meta = await sharp(file).metadata();
      expect(meta).toMatchObject({ format: 'webp', space: 'srgb' });
      expect([meta.exif, meta.xmp, meta.icc, meta.orientation]).toEqual([
        undefined,
        undefined,
        undefined,
        undefined,
      ]);
      // Only pixel chunks in the container: no EXIF, XMP or ICC profile at all.
      expect(riffChunks(file).every((c) => ['VP8 ', 'VP8L', 'VP8X', 'ALPH'].includes(c))).toBe(
        true,
      );
      // exifr (which reads EXIF wherever a container may hold it) finds no GPS either.
      const asJpeg = await sharp(file).keepMetadata().jpeg().toBuffer();
      expect(await exifr.gps(asJpeg)).toBeUndefined();
      expect(file.includes(Buffer.from('Spotbook Test Phone'))).toBe(false);
    }
    const thumb = await sharp(
      (await fetchPhoto(alice.client, photo.thumb_url)).rawPayload,
    ).metadata();
    expect([thumb.width, thumb.height]).toEqual([300, 400]);
  });

  it('keeps the transparency of a PNG', async () => {
    const photo = await uploaded(alice.client, spotId, await images.pngWithAlpha(300, 200));
    expect(photo).toMatchObject({ width: 300, height: 200 });
    const served = await fetchPhoto(alice.client, photo.url);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.hasAlpha).toBe(true);
  });

  it('accepts WebP and AVIF, and scales a large photo down to 1,600 px and 400 px', async () => {
    expect(await uploaded(alice.client, spotId, await images.webp(300, 200))).toMatchObject({
      width: 300,
      height: 200,
    });
    expect(await uploaded(alice.client, spotId, await images.avif(320, 240))).toMatchObject({
      width: 320,
      height: 240,
    });
    const big = await uploaded(alice.client, spotId, await images.jpeg(3200, 2000));
    expect(big).toMatchObject({ width: 1600, height: 1000 });
    const thumb = await sharp(
      (await fetchPhoto(alice.client, big.thumb_url)).rawPayload,
    ).metadata();
    expect([thumb.width, thumb.height]).toEqual([400, 250]);
  });

  it('serves a polyglot (JPEG + HTML/script) only as the re-encoded image', async () => {
    const polyglot = await images.polyglotJpeg();
    const photo = await uploaded(alice.client, spotId, polyglot);
    for (const url of [photo.url, photo.thumb_url]) {
      const served = await fetchPhoto(alice.client, url);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.includes(Buffer.from('<script'))).toBe(false);
      expect(served.rawPayload.subarray(0, 4).toString('latin1')).toBe('RIFF');
    }
    const [row] = await stored();
    expect(row!.large.includes(Buffer.from('<script'))).toBe(false);
    expect(Buffer.compare(row!.large, polyglot)).not.toBe(0);
  });
});

describe('upload: refused files store nothing and say why', () => {
  const refusals: [string, () => Promise<Buffer> | Buffer, string][] = [
    [
      'a decompression bomb (a small PNG declaring 100,000 × 100,000 px)',
      images.pngBomb,
      PHOTO_MESSAGES.tooManyPixels,
    ],
    [
      'a PNG just over 50 megapixels',
      () => images.pngBomb(8000, 6251),
      PHOTO_MESSAGES.tooManyPixels,
    ],
    ['a truncated JPEG', images.truncatedJpeg, PHOTO_MESSAGES.damaged],
    ['a text file', () => Buffer.from('just some words, not a photo\n'), PHOTO_MESSAGES.notAnImage],
    ['an empty file', () => Buffer.alloc(0), PHOTO_MESSAGES.notAnImage],
    ['NUL bytes', () => Buffer.alloc(4096), PHOTO_MESSAGES.notAnImage],
    [
      'an HTML page named .jpg',
      () => Buffer.from('<!doctype html><script>alert(1)</script>'),
      PHOTO_MESSAGES.notAnImage,
    ],
    ['an SVG with a script', images.svg, PHOTO_MESSAGES.unsupportedFormat],
    ['a GIF', images.gif, PHOTO_MESSAGES.unsupportedFormat],
    [
      'a JPEG header and nothing else',
      () => Buffer.from('ffd8ffe000104a464946', 'hex'),
      PHOTO_MESSAGES.damaged,
    ],
  ];
  for (const [what, make, detail] of refusals) {
    it(`refuses ${what}`, async () => {
      const response = await upload(alice.client, spotId, { data: await make() });
      expect({ status: response.statusCode, body: response.json() }).toEqual({
        status: 400,
        body: { detail },
      });
      expect(await stored()).toEqual([]);
    });
  }

  it('says plainly that HEIC cannot be read when the installed sharp cannot decode it', async () => {
    const { canDecodeHeic } = await import('./process.ts');
    const response = await upload(alice.client, spotId, {
      data: await images.heicLike(),
      filename: 'IMG_0001.HEIC',
      type: 'image/heic',
    });
    if (canDecodeHeic()) {
      // A sharp built with libheif's HEVC decoder reads real iPhone files; this one is not.
      expect([201, 400]).toContain(response.statusCode);
    } else {
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe(PHOTO_MESSAGES.heicUnsupported);
    }
  });

  it('refuses a file over 15 MB with 413, before decoding it', async () => {
    const huge = Buffer.concat([await images.jpeg(), Buffer.alloc(15 * 1024 * 1024)]);
    const response = await upload(alice.client, spotId, { data: huge });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: PHOTO_MESSAGES.fileTooLarge });
    expect(await stored()).toEqual([]);
  });

  it('refuses a body that is not multipart, a wrong field, two files, a broken form', async () => {
    const png = await images.pngWithAlpha(20, 20);
    const cases = [
      await alice.client.post(photosUrl(spotId), { file: 'not a file' }),
      await upload(alice.client, spotId, { field: 'photo', data: png }),
      await alice.client.request('POST', photosUrl(spotId), 'garbage', {
        'content-type': 'multipart/form-data; boundary=x',
      }),
      await alice.client.request(
        'POST',
        photosUrl(spotId),
        '--x\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nabc',
        {
          'content-type': 'multipart/form-data; boundary=x',
        },
      ),
    ];
    expect(cases.map((r) => [r.statusCode, r.json().detail])).toEqual([
      [400, PHOTO_MESSAGES.noFile],
      [400, PHOTO_MESSAGES.noFile],
      [400, expect.any(String)],
      [400, expect.any(String)],
    ]);
    const two = await upload(alice.client, spotId, { data: png }, { data: png });
    expect([201, 400]).toContain(two.statusCode);
    expect((await stored()).length).toBeLessThanOrEqual(1);
  });

  it('lets only the author upload: 404 for others, the sign-in error signed out', async () => {
    const png = await images.pngWithAlpha(20, 20);
    const other = await upload(bob.client, spotId, { data: png });
    expect([other.statusCode, other.json().detail]).toEqual([404, REVIEW_MESSAGES.spotNotFound]);
    const anonymous = await upload(new TestClient(t.app), spotId, { data: png });
    expect([anonymous.statusCode, anonymous.json().detail]).toEqual([403, AUTH_REQUIRED_DETAIL]);
    for (const id of ['999999999', '0', '99999999999999', 'abc', '%00']) {
      expect((await upload(alice.client, id, { data: png })).statusCode).toBe(404);
    }
    expect(await stored()).toEqual([]);
  });
});
