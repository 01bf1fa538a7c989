import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helper.ts';

/**
 * One regression test per 500 or contract break the fuzzer (fuzz.api.test.ts) found, so
 * each stays fixed even on a run whose random requests miss it.
 */
const { alice } = useTestApp({ users: ['alice'] });

const expectJsonError = (response: { statusCode: number; json(): unknown }, status: number) => {
  expect(response.statusCode).toBe(status);
  expect(typeof (response.json() as { detail?: unknown }).detail).toBe('string');
};

describe('fuzzer findings', () => {
  it('a place search near a pole (box past ±90°) answers results, not a 500', async () => {
    for (const lat of [-89.9, 89.95, -90, 90]) {
      const response = await alice.client.get(
        `/api/places/search/?query=a&kind=place&lat=${lat}&lng=179.95`,
      );
      expect(response.statusCode, response.body).toBe(200);
    }
  });

  it.each([
    `/api/reviews/review/${'x'.repeat(201)}/`,
    `/api/lists/list/${'9'.repeat(300)}`,
    '/api/lists/list/%zz/',
    '/api/reviews/review/%C0%AF/',
  ])('a path segment too long or badly encoded is a JSON 404 (%s)', async (url) => {
    expectJsonError(await alice.client.get(url), 404);
  });
});
