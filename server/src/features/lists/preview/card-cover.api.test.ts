import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { BRAND_COLORS, type Photo } from '@spotbook/contract';
import { createList, createPlace, createSpot, putOnList } from '../../../../test/factories.ts';
import { TestClient, useTestApp, type TestUser } from '../../../../test/helper.ts';
import { photosUrl, uploaded } from '../../photos/test/upload.ts';

const { t, alice, bob } = useTestApp({ users: ['alice', 'bob'] });
const anonymous = () => new TestClient(t.app);

type Rgb = [number, number, number];
const RED: Rgb = [220, 30, 30];
const BLUE: Rgb = [30, 60, 220];
const GREEN: Rgb = [30, 200, 60];

/** A plain-coloured JPEG: which photo a card shows is told by its colour. */
const solidJpeg = ([r, g, b]: Rgb) =>
  sharp({ create: { width: 160, height: 120, channels: 3, background: { r, g, b } } })
    .jpeg()
    .toBuffer();

// By id: the factory writes the list row only, not its slug history.
const cardUrl = (listId: number) => `/api/lists/list/${listId}/preview.png`;

/** The card as a crawler (no cookies) fetches it. */
async function card(listId: number) {
  const response = await anonymous().get(cardUrl(listId));
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('image/png');
  return { png: response.rawPayload, etag: String(response.headers.etag) };
}

/** The colour in the middle of the card's right part, where a cover photo goes. */
async function coverColour(png: Buffer): Promise<Rgb> {
  const { data } = await sharp(png)
    .extract({ left: 1000, top: 300, width: 1, height: 1 })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return [data[0]!, data[1]!, data[2]!];
}

const near = (actual: Rgb, expected: Rgb) =>
  actual.every((channel, i) => Math.abs(channel - expected[i]!) <= 12);
const brandPrimary = (): Rgb => {
  const hex = BRAND_COLORS.light.primary.replace('#', '');
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;
};

async function spotOnList(user: TestUser, listId: number) {
  const spotId = (await createSpot(user, await createPlace(t.ctx))).id;
  await putOnList(t.ctx, listId, spotId);
  return spotId;
}

describe("a shared list's link-preview card shows its cover photo (issue 13)", () => {
  it('uses the first photo of the first spot with one, and changes when it changes', async () => {
    const list = await createList(t.ctx, alice.id, { shareable_by_link: 1, name: 'Covers' });
    const older = await spotOnList(alice, list.id);
    const newer = await spotOnList(alice, list.id); // first in the list's order
    await spotOnList(alice, list.id); // newest of all, but without a photo

    const plain = await card(list.id);
    expect(near(await coverColour(plain.png), brandPrimary())).toBe(true);

    await uploaded(alice.client, older, await solidJpeg(RED));
    const red = await card(list.id);
    expect(red.etag).not.toBe(plain.etag);
    expect(red.png.equals(plain.png)).toBe(false);
    expect(near(await coverColour(red.png), RED)).toBe(true);

    const blue = await uploaded(alice.client, newer, await solidJpeg(BLUE));
    const blueCard = await card(list.id);
    expect(near(await coverColour(blueCard.png), BLUE)).toBe(true);
    expect(blueCard.etag).not.toBe(red.etag);

    // A second photo of that spot is not its cover until it is moved first.
    const green = await uploaded(alice.client, newer, await solidJpeg(GREEN));
    expect((await card(list.id)).etag).toBe(blueCard.etag);
    const reorder = await alice.client.put(`${photosUrl(newer)}order/`, {
      ids: [green.id, blue.id],
    });
    expect(reorder.statusCode).toBe(200);
    const greenCard = await card(list.id);
    expect(greenCard.etag).not.toBe(blueCard.etag);
    expect(near(await coverColour(greenCard.png), GREEN)).toBe(true);

    // A crawler revalidating the old card gets the new one, the current one a 304.
    const stale = await anonymous().request('GET', cardUrl(list.id), undefined, {
      'if-none-match': blueCard.etag,
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.headers.etag).toBe(greenCard.etag);
    const fresh = await anonymous().request('GET', cardUrl(list.id), undefined, {
      'if-none-match': greenCard.etag,
    });
    expect(fresh.statusCode).toBe(304);

    // Deleting photos walks back: the spot's next photo, then the next spot's.
    expect((await alice.client.delete(`${photosUrl(newer)}${green.id}/`)).statusCode).toBe(204);
    expect((await card(list.id)).etag).toBe(blueCard.etag);
    expect((await alice.client.delete(`${photosUrl(newer)}${blue.id}/`)).statusCode).toBe(204);
    const back = await card(list.id);
    expect(back.etag).toBe(red.etag);
    expect(near(await coverColour(back.png), RED)).toBe(true);
  });

  it("never shows a photo that isn't the list owner's, nor any of a private list", async () => {
    const list = await createList(t.ctx, alice.id, { shareable_by_link: 1, name: 'Mixed' });
    const own = await spotOnList(alice, list.id);
    const before = await card(list.id);
    // Lists only hold their owner's spots; should another's ever be on one, its photos
    // stay as private as that spot (contract §4), card included.
    const bobsSpot = await spotOnList(bob, list.id);
    const bobsPhoto: Photo = await uploaded(bob.client, bobsSpot, await solidJpeg(RED));
    expect((await anonymous().get(bobsPhoto.thumb_url)).statusCode).toBe(404);
    const withBobs = await card(list.id);
    expect(near(await coverColour(withBobs.png), brandPrimary())).toBe(true);
    expect(withBobs.png.equals(before.png)).toBe(false); // the spot count changed, no more

    // A private list has no card at all, whatever its photos.
    await uploaded(alice.client, own, await solidJpeg(BLUE));
    expect(near(await coverColour((await card(list.id)).png), BLUE)).toBe(true);
    const hide = await alice.client.patch(`/api/lists/list/${list.id}/`, {
      shareable_by_link: false,
    });
    expect(hide.statusCode).toBe(200);
    for (const client of [anonymous(), alice.client, bob.client]) {
      const response = await client.get(cardUrl(list.id));
      expect(response.statusCode).toBe(403);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers.etag).toBeUndefined();
    }
  });
});
