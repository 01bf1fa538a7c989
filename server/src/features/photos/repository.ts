import { PHOTO_LIMITS, PHOTO_MESSAGES, type Photo } from '@spotbook/contract';
import type { Db } from '../../db/connection.ts';
import { compiledOnce } from '../../db/compiled-once.ts';
import { isPostgres } from '../../db/dialect.ts';
import { clock } from '../../lib/clock.ts';
import { badRequest, HttpError } from '../../lib/errors.ts';
import type { ProcessedPhoto } from './process.ts';

/**
 * A photo's two files are addressed by id: a photo's bytes never change (a new upload is a
 * new id), so its URLs can be cached for a year.
 */
export const photoPath = (id: number, variant: PhotoVariant) => `/api/photos/${id}/${variant}.webp`;
export type PhotoVariant = 'large' | 'thumb';

type PhotoFields = { id: number; width: number; height: number };

export const presentPhoto = ({ id, width, height }: PhotoFields): Photo => ({
  id,
  width,
  height,
  url: photoPath(id, 'large'),
  thumb_url: photoPath(id, 'thumb'),
});

const photosIn = compiledOnce((db, reviewIds: number[]) =>
  db
    .selectFrom('photos')
    .select(['id', 'review_id', 'width', 'height'])
    .where('review_id', 'in', reviewIds)
    .orderBy('review_id')
    .orderBy('position')
    .orderBy('id'),
);

/**
 * The photos of a page of spots, cover first, in one query whatever the page's size (no
 * per-spot look-ups). Spots without photos are absent from the map.
 */
export async function photosOfSpots(db: Db, reviewIds: number[]): Promise<Map<number, Photo[]>> {
  const bySpot = new Map<number, Photo[]>();
  const unique = [...new Set(reviewIds)];
  // Bound parameters per statement (SQLite's limit is 32,766): a list of 10,000 spots is 3,
  // each a power of two long as compiledOnce pads it.
  for (let start = 0; start < unique.length; start += 4_096) {
    const rows = await photosIn(db, unique.slice(start, start + 4_096));
    for (const row of rows) {
      const photos = bySpot.get(row.review_id) ?? [];
      if (!photos.length) bySpot.set(row.review_id, photos);
      photos.push(presentPhoto(row));
    }
  }
  return bySpot;
}

export interface NewPhoto {
  reviewId: number;
  userId: number;
  quotaBytes: number;
}

/**
 * Stores a processed photo as the spot's last one, in one transaction that also checks the
 * spot's count and the account's quota: a refused or failed upload leaves nothing behind.
 * On PostgreSQL the author's row is locked first, so two uploads at once can't both take
 * the last free place; SQLite runs one write transaction at a time anyway.
 */
export function insertPhoto(db: Db, photo: NewPhoto, file: ProcessedPhoto): Promise<Photo> {
  return db.transaction().execute(async (trx) => {
    if (isPostgres(db)) {
      await trx
        .selectFrom('users')
        .select('id')
        .where('id', '=', photo.userId)
        .forUpdate()
        .execute();
    }
    const spot = await trx
      .selectFrom('photos')
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.max('position').as('last')])
      .where('review_id', '=', photo.reviewId)
      .executeTakeFirstOrThrow();
    if (Number(spot.count) >= PHOTO_LIMITS.perSpot) throw badRequest(PHOTO_MESSAGES.tooManyPhotos);
    const bytes = file.large.length + file.thumb.length;
    if ((await usedBytes(trx, photo.userId)) + bytes > photo.quotaBytes) {
      throw new HttpError(413, PHOTO_MESSAGES.quotaFull(photo.quotaBytes));
    }
    const row = await trx
      .insertInto('photos')
      .values({
        review_id: photo.reviewId,
        user_id: photo.userId,
        position: spot.last === null ? 0 : Number(spot.last) + 1,
        width: file.width,
        height: file.height,
        bytes,
        large: file.large,
        thumb: file.thumb,
        etag: file.etag,
        created_at: clock.now(),
      })
      .returning(['id', 'width', 'height'])
      .executeTakeFirstOrThrow();
    return presentPhoto(row);
  });
}

/** Bytes of photos the account holds (for the quota). */
export async function usedBytes(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('photos')
    .select((eb) => eb.fn.sum<number | string | null>('bytes').as('total'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.total ?? 0);
}

export async function spotPhotoCount(db: Db, reviewId: number): Promise<number> {
  const row = await db
    .selectFrom('photos')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('review_id', '=', reviewId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function deletePhoto(db: Db, reviewId: number, photoId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('photos')
    .where('id', '=', photoId)
    .where('review_id', '=', reviewId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Puts the spot's photos in the order of `ids`, which must name each of them exactly once
 * (checked in the transaction, so a photo added meanwhile fails the reorder, not the order).
 */
export function reorderPhotos(db: Db, reviewId: number, ids: number[]): Promise<Photo[]> {
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('photos')
      .select(['id', 'width', 'height'])
      .where('review_id', '=', reviewId)
      .execute();
    const byId = new Map(current.map((p) => [p.id, p]));
    const exact = new Set(ids).size === ids.length && ids.length === current.length;
    if (!exact || !ids.every((id) => byId.has(id))) {
      throw badRequest(PHOTO_MESSAGES.orderMismatch, { ids: [PHOTO_MESSAGES.orderMismatch] });
    }
    for (const [position, id] of ids.entries()) {
      await trx.updateTable('photos').set({ position }).where('id', '=', id).execute();
    }
    return ids.map((id) => presentPhoto(byId.get(id)!));
  });
}

/** What serving a photo needs to decide, without its bytes: whose it is and where it shows. */
export function photoForServing(db: Db, id: number) {
  return db
    .selectFrom('photos as ph')
    .select((eb) => [
      'ph.user_id',
      'ph.etag',
      // Contract §4: a spot shows to anyone who may view one of its author's shareable lists.
      eb
        .exists(
          eb
            .selectFrom('list_reviews as lr')
            .innerJoin('lists as l', 'l.id', 'lr.list_id')
            .select('l.id')
            .whereRef('lr.review_id', '=', 'ph.review_id')
            .whereRef('l.user_id', '=', 'ph.user_id')
            .where('l.shareable_by_link', '=', 1),
        )
        .as('on_shareable_list'),
    ])
    .where('ph.id', '=', id)
    .executeTakeFirst();
}

/** One stored version's bytes; undefined when the photo was deleted meanwhile. */
export async function photoBytes(
  db: Db,
  id: number,
  variant: PhotoVariant,
): Promise<Buffer | undefined> {
  const query = db.selectFrom('photos').where('id', '=', id);
  const row =
    variant === 'large'
      ? await query.select('large as data').executeTakeFirst()
      : await query.select('thumb as data').executeTakeFirst();
  return row && Buffer.from(row.data);
}
