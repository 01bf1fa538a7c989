import { describe, expect, it } from 'vitest';
import { PHOTO_LIMITS, PHOTO_MESSAGES } from '@spotbook/contract';
import { loadConfig } from '../../config.ts';
import { createPlace, createSpot } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/helper.ts';
import * as images from './test/images.ts';
import { upload, uploaded } from './test/upload.ts';

/** A small quota, so a few photos reach it. */
const QUOTA = 40_000;
const { t, alice, bob } = useTestApp({
  users: ['alice', 'bob'],
  env: { PHOTO_ACCOUNT_QUOTA_BYTES: String(QUOTA) },
});

const newSpot = async (user = alice) => (await createSpot(user, await createPlace(t.ctx))).id;
const count = async (spotId: number) =>
  (await t.ctx.db.selectFrom('photos').select('id').where('review_id', '=', spotId).execute())
    .length;

describe('photo limits', () => {
  it('takes 20 photos a spot; the 21st is refused, even when several arrive at once', async () => {
    const spotId = await newSpot(bob);
    const tiny = await images.jpeg(16, 16);
    // Written directly up to 19 (the upload path is tested elsewhere): quick, and real rows.
    const template = await uploaded(bob.client, spotId, tiny);
    const row = await t.ctx.db
      .selectFrom('photos')
      .selectAll()
      .where('id', '=', template.id)
      .executeTakeFirstOrThrow();
    const copy = { ...row, id: undefined };
    for (let i = 1; i < PHOTO_LIMITS.perSpot - 1; i++) {
      await t.ctx.db
        .insertInto('photos')
        .values({ ...copy, position: i })
        .execute();
    }
    const racing = await Promise.all(
      [1, 2, 3].map(() => upload(bob.client, spotId, { data: tiny })),
    );
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 400, 400]);
    for (const refused of racing.filter((r) => r.statusCode === 400)) {
      expect(refused.json()).toEqual({ detail: PHOTO_MESSAGES.tooManyPhotos });
    }
    expect(await count(spotId)).toBe(PHOTO_LIMITS.perSpot);
    const again = await upload(bob.client, spotId, { data: tiny });
    expect([again.statusCode, again.json().detail]).toEqual([400, PHOTO_MESSAGES.tooManyPhotos]);
  });

  it('refuses a photo that would pass the account quota with 413, storing nothing', async () => {
    const spotId = await newSpot();
    const photo = await images.jpeg(400, 300); // ~20 KB stored: the second passes 40,000 bytes
    expect((await upload(alice.client, spotId, { data: photo })).statusCode).toBe(201);
    const second = await upload(alice.client, spotId, { data: photo });
    expect(second.statusCode).toBe(413);
    expect(second.json()).toEqual({ detail: PHOTO_MESSAGES.quotaFull(QUOTA) });
    expect(await count(spotId)).toBe(1);
    // Another spot of the same account: the same quota.
    const other = await upload(alice.client, await newSpot(), { data: photo });
    expect(other.statusCode).toBe(413);
  });

  it('reads the quota from PHOTO_ACCOUNT_QUOTA_BYTES, 500 MB by default, and refuses nonsense', () => {
    expect(loadConfig({}).PHOTO_ACCOUNT_QUOTA_BYTES).toBe(500 * 1024 * 1024);
    expect(PHOTO_MESSAGES.quotaFull(500 * 1024 * 1024)).toContain('500 MB');
    expect(loadConfig({ PHOTO_ACCOUNT_QUOTA_BYTES: '1000' }).PHOTO_ACCOUNT_QUOTA_BYTES).toBe(1000);
    for (const bad of ['0', '-5', 'lots', '1.5']) {
      expect(() => loadConfig({ PHOTO_ACCOUNT_QUOTA_BYTES: bad })).toThrow(
        /PHOTO_ACCOUNT_QUOTA_BYTES/,
      );
    }
  });
});
