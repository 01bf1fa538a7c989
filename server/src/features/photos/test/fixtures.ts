import type { Photo } from '@spotbook/contract';
import type { Db } from '../../../db/connection.ts';
import { processPhoto } from '../process.ts';
import { insertPhoto } from '../repository.ts';
import { jpeg } from './images.ts';

let tinyPhoto: ReturnType<typeof processPhoto> | undefined;
const photosBySpot = new WeakMap<Db, Map<number, Promise<Photo>>>();

/**
 * A photo on `reviewId`, stored through the repository as an upload stores it (for tests
 * about something else: the authorization matrix, the fuzzer's world). One per spot and
 * database however often it is asked for, since a spot holds at most 20.
 */
export function photoOfSpot(db: Db, reviewId: number, userId: number): Promise<Photo> {
  const perDb = photosBySpot.get(db) ?? new Map<number, Promise<Photo>>();
  photosBySpot.set(db, perDb);
  let photo = perDb.get(reviewId);
  if (!photo) {
    tinyPhoto ??= jpeg(48, 32).then(processPhoto);
    photo = tinyPhoto.then((file) =>
      insertPhoto(db, { reviewId, userId, quotaBytes: Number.MAX_SAFE_INTEGER }, file),
    );
    perDb.set(reviewId, photo);
  }
  return photo;
}

/** A new photo on `reviewId` every call (for cells that delete one). */
export async function freshPhoto(db: Db, reviewId: number, userId: number): Promise<Photo> {
  tinyPhoto ??= jpeg(48, 32).then(processPhoto);
  return insertPhoto(
    db,
    { reviewId, userId, quotaBytes: Number.MAX_SAFE_INTEGER },
    await tinyPhoto,
  );
}
