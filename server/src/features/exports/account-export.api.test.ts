import { beforeAll, describe, expect, it } from 'vitest';
import { accountExportSchema, type AccountExport } from '@spotbook/contract';
import { useTestApp } from '../../../test/helper.ts';
import { createList } from '../lists/test/factories.ts';
import { photoOfSpot } from '../photos/test/fixtures.ts';
import { buildExportWorld, type ExportWorld } from './test/export-fixtures.ts';

/**
 * GET /api/exports/account.json (runtime contract §7): everything the account holds, in
 * the contract's shape, never the password hash, nothing of anyone else's.
 */
const { t, alice, bob } = useTestApp({ users: ['alice', 'bob'] });
let world: ExportWorld;
let account: AccountExport;
let raw: string;
let bobsShared: { id: number; slug: string };

beforeAll(async () => {
  world = await buildExportWorld(t.ctx, alice);
  await photoOfSpot(t.ctx.db, world.spots.cafe.id, alice.id);
  // Alice follows Bob's shareable list; Bob's own things must not leak into her file.
  bobsShared = await createList(bob.client, { name: 'Bob shares', shareable_by_link: true });
  await createList(bob.client, { name: 'Bob hides' });
  const follow = await alice.client.post('/api/saved_lists/saved_list/', {
    list_slug: bobsShared.slug,
  });
  expect(follow.statusCode).toBe(201);
  const response = await alice.client.get('/api/exports/account.json');
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(response.headers['content-disposition']).toBe(
    `attachment; filename="spotbook-${alice.username}.json"; filename*=UTF-8''spotbook-${alice.username}.json`,
  );
  raw = response.body;
  account = accountExportSchema.parse(JSON.parse(raw));
});

describe('account.json', () => {
  it('holds the profile and never a password hash', () => {
    expect(account.profile).toMatchObject({
      id: alice.id,
      username: alice.username,
      email: alice.email,
    });
    expect(raw).not.toMatch(/password|argon2|\$argon/i);
  });

  it('holds every spot, as the spots API shows it, with absolute photo URLs', async () => {
    expect(account.spots.map((s) => s.id).sort()).toEqual(
      Object.values(world.spots)
        .map((s) => s.id)
        .sort(),
    );
    const cafe = account.spots.find((s) => s.id === world.spots.cafe.id)!;
    const fromApi = (await alice.client.get(`/api/reviews/review/${cafe.id}/`)).json<{
      review: string;
      photos: { url: string }[];
    }>();
    expect(cafe.review).toBe(fromApi.review);
    expect(cafe.photos).toHaveLength(1);
    const publicUrl = t.ctx.config.PUBLIC_URL;
    expect(cafe.photos[0]!.url).toBe(publicUrl + fromApi.photos[0]!.url);
    expect(cafe.photos[0]!.thumb_url.startsWith(`${publicUrl}/api/`)).toBe(true);
  });

  it('holds the lists with their spot ids, and the followed lists', () => {
    const { cafes, trip, empty } = world.lists;
    expect(account.lists.map((l) => [l.name, l.spot_ids])).toEqual([
      [cafes.name, [world.spots.cafe.id]],
      [trip.name, [world.spots.pin.id, world.spots.museum.id, world.spots.cafe.id]],
      [empty.name, []],
    ]);
    expect(account.followed_lists.map((f) => f.list_slug)).toEqual([bobsShared.slug]);
    expect(raw).not.toContain('Bob hides');
  });

  it("is Bob's own for Bob", async () => {
    const his = accountExportSchema.parse(
      (await bob.client.get('/api/exports/account.json')).json(),
    );
    expect(his.profile.id).toBe(bob.id);
    expect(his.spots).toEqual([]);
    expect(his.lists.map((l) => l.name)).toEqual(['Bob shares', 'Bob hides']);
    expect(his.followed_lists).toEqual([]);
  });
});
