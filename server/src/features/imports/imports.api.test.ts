import { describe, expect, it } from 'vitest';
import {
  AUTH_REQUIRED_DETAIL,
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  type Import,
  type ImportList,
} from '@spotbook/contract';
import { TestClient, useTestApp } from '../../../test/helper.ts';
import { importFile, multipart, savedPlacesJson, upload } from './test/upload.ts';

const FILE = savedPlacesJson([{ name: 'Eiffel Tower', lat: 48.85837, lng: 2.294481 }]);

/** POST /api/imports/ and the routes around it (contract §7): bad uploads, ownership. */
describe('uploading an import', () => {
  const { t, alice, bob } = useTestApp({ users: ['alice', 'bob'] });
  const post = (body: ReturnType<typeof multipart>) =>
    alice.client.request('POST', '/api/imports/', body.payload, body.headers);

  it('answers 201 with the import, which then matches in the background', async () => {
    const response = await upload(alice.client, 'C:\\Users\\me\\Saved Places.json', FILE);
    expect(response.statusCode).toBe(201);
    const created = response.json<Import>();
    expect(created).toMatchObject({ source: 'Saved Places.json', progress: { total: 1 } });
    expect(['matching', 'ready']).toContain(created.status);
    const ready = await importFile(t, alice.client, 'x.json', FILE);
    expect(ready).toMatchObject({ status: 'ready', progress: { done: 1, total: 1 } });
  });

  it('refuses a request without exactly one non-empty file, saying what is wrong', async () => {
    const cases: [ReturnType<typeof multipart>, number, string][] = [
      [multipart([], { note: 'no file' }), 400, IMPORT_MESSAGES.noFile],
      [
        multipart([{ field: 'upload', name: 'a.json', content: FILE }]),
        400,
        IMPORT_MESSAGES.noFile,
      ],
      [multipart([{ name: 'a.json', content: '' }]), 400, IMPORT_MESSAGES.emptyFile],
      [
        multipart([
          { name: 'a.json', content: FILE },
          { name: 'b.json', content: FILE },
        ]),
        400,
        IMPORT_MESSAGES.oneFileOnly,
      ],
    ];
    for (const [body, status, detail] of cases) {
      const response = await post(body);
      expect(response.json(), detail).toMatchObject({ detail });
      expect(response.statusCode).toBe(status);
    }
  });

  it('refuses a file over 25 MB with a 413 naming the limit', async () => {
    const huge = new Uint8Array(IMPORT_LIMITS.fileBytes + 1024 * 1024).fill(0x20);
    const response = await post(multipart([{ name: 'huge.json', content: huge }]));
    expect(response.statusCode).toBe(413);
    expect(response.json<{ detail: string }>().detail).toContain('25 MB');
  });

  it('refuses bodies that are not multipart, and malformed multipart', async () => {
    const json = await alice.client.post('/api/imports/', { file: 'x' });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ detail: IMPORT_MESSAGES.noFile });
    const broken = await alice.client.request(
      'POST',
      '/api/imports/',
      '--x\r\nContent-Disposition: form-data; name="file"; filename="a.json"\r\n\r\n{"a"',
      { 'content-type': 'multipart/form-data; boundary=x' },
    );
    expect(broken.statusCode).toBe(400);
    expect(typeof broken.json<{ detail: string }>().detail).toBe('string');
  });

  it('answers a file the readers refuse with their 400, and stores nothing', async () => {
    const before = await t.ctx.db.selectFrom('imports').select('id').execute();
    for (const [name, content] of [
      ['photo.json', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0])],
      ['list.json', '{"type":"FeatureCollection","features":[]}'],
      ['nul.json', 'a\u0000b'],
      ['broken.json', '{"type":"FeatureCollection","features":['],
    ] as const) {
      const response = await upload(alice.client, name, content);
      expect(response.statusCode, name).toBe(400);
      const { detail } = response.json<{ detail: string }>();
      expect(detail.length, name).toBeGreaterThan(5);
      expect(detail).not.toMatch(/\/work\/|node_modules|at .*\.ts/);
    }
    expect(await t.ctx.db.selectFrom('imports').select('id').execute()).toEqual(before);
  });

  it('refuses 10,001 places, naming the limit', async () => {
    const places = Array.from({ length: IMPORT_LIMITS.places + 1 }, (_, i) => ({
      name: `Place ${i}`,
      lat: 40 + i / 10_000,
      lng: 3,
    }));
    const response = await upload(alice.client, 'Saved Places.json', savedPlacesJson(places));
    expect(response.statusCode).toBe(400);
    expect(response.json<{ detail: string }>().detail).toContain('10,000');
  });

  it('keeps names that are only text: a path, NUL or a huge name is cut down to a base name', async () => {
    const response = await upload(alice.client, `../../etc/${'x'.repeat(500)}.json`, FILE);
    expect(response.statusCode).toBe(201);
    const { source } = response.json<Import>();
    expect(source).not.toContain('/');
    expect([...source].length).toBeLessThanOrEqual(200);
  });

  it("lists the caller's recent imports and hides everyone else's (404)", async () => {
    const mine = await importFile(t, alice.client, 'mine.json', FILE);
    const list = await alice.client.get('/api/imports/');
    expect(list.statusCode).toBe(200);
    const { results } = list.json<ImportList>();
    expect(results[0]).toMatchObject({ id: mine.id, source: 'mine.json', status: 'ready' });
    expect(results[0]).not.toHaveProperty('rows');
    expect((await bob.client.get('/api/imports/')).json<ImportList>().results).toEqual([]);

    for (const [method, url, body] of [
      ['GET', `/api/imports/${mine.id}/`, undefined],
      ['PATCH', `/api/imports/${mine.id}/rows/0/`, { decision: 'skip' }],
      ['POST', `/api/imports/${mine.id}/confirm/`, {}],
      ['DELETE', `/api/imports/${mine.id}/`, undefined],
    ] as const) {
      const response = await bob.client.request(method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toEqual({ detail: IMPORT_MESSAGES.importNotFound });
    }
    const anonymous = new TestClient(t.app);
    for (const url of ['/api/imports/', `/api/imports/${mine.id}/`]) {
      const response = await anonymous.get(url);
      expect(response.json()).toEqual({ detail: AUTH_REQUIRED_DETAIL });
    }
    expect((await upload(anonymous, 'a.json', FILE)).statusCode).toBe(403);
    expect((await alice.client.get(`/api/imports/${mine.id}/`)).json<Import>().rows).toHaveLength(
      1,
    );
  });

  it('discards an import: 204, then 404', async () => {
    const mine = await importFile(t, alice.client, 'gone.json', FILE);
    expect((await alice.client.delete(`/api/imports/${mine.id}/`)).statusCode).toBe(204);
    expect((await alice.client.get(`/api/imports/${mine.id}/`)).statusCode).toBe(404);
    expect((await alice.client.delete(`/api/imports/${mine.id}/`)).statusCode).toBe(404);
    const rows = await t.ctx.db
      .selectFrom('import_rows')
      .select('idx')
      .where('import_id', '=', mine.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('answers 404 for ids that name no import', async () => {
    for (const id of ['0', '-1', 'abc', '99999999999', '2147483648', '%00']) {
      const response = await alice.client.get(`/api/imports/${id}/`);
      expect(response.statusCode, id).toBe(404);
    }
  });
});
