import { randomBytes } from 'node:crypto';
import type { TestClient } from '../../../../test/helper.ts';
import type { TestApp } from '../../../../test/helper.ts';
import type { Import } from '@spotbook/contract';
import { importJobsOf } from '../routes.ts';

export interface FilePart {
  field?: string;
  name: string;
  content: string | Uint8Array;
  type?: string;
}

/** A multipart/form-data body as a browser sends it: any files, any field names. */
export function multipart(parts: FilePart[], fields: Record<string, string> = {}) {
  const boundary = `----spotbook${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const part of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? 'file'}"; filename="${part.name}"\r\nContent-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.from(part.content),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** POST /api/imports/ with one file, as the web app does. */
export function upload(client: TestClient, name: string, content: string | Uint8Array) {
  const body = multipart([{ name, content }]);
  return client.request('POST', '/api/imports/', body.payload, body.headers);
}

/** Uploads a file, waits for matching to finish, and answers the ready import. */
export async function importFile(
  t: TestApp,
  client: TestClient,
  name: string,
  content: string | Uint8Array,
): Promise<Import> {
  const response = await upload(client, name, content);
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.body}`);
  await importJobsOf(t.ctx)!.idle();
  const ready = await client.get(`/api/imports/${response.json<Import>().id}/`);
  return ready.json<Import>();
}

export interface TakeoutPlace {
  name: string;
  lat?: number;
  lng?: number;
  url?: string;
  comment?: string;
  address?: string;
}

/** Google Takeout's Saved Places.json (the older, capitalised field names). */
export function savedPlacesJson(places: TakeoutPlace[]): string {
  return JSON.stringify({
    type: 'FeatureCollection',
    features: places.map((p) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [p.lng ?? 0, p.lat ?? 0] },
      properties: {
        'Google Maps URL': p.url ?? '',
        Title: p.name,
        Location: {
          'Business Name': p.name,
          Address: p.address ?? '',
          ...(p.lat === undefined
            ? {}
            : { 'Geo Coordinates': { Latitude: p.lat, Longitude: p.lng } }),
        },
        ...(p.comment ? { Comment: p.comment } : {}),
      },
    })),
  });
}

export interface OwnRow {
  name: string;
  lat: number;
  lng: number;
  place_id?: string;
  category?: string;
  review?: string;
  rating?: number;
  visited?: boolean;
  lists?: string[];
}

/** A GeoJSON file in our own export's shape (place_id, rating, visited, lists). */
export function ownExportJson(rows: OwnRow[]): string {
  return JSON.stringify({
    type: 'FeatureCollection',
    features: rows.map((r) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [r.lng, r.lat] },
      properties: {
        name: r.name,
        address: '',
        category: r.category ?? '',
        review: r.review ?? '',
        rating: r.rating ?? 0,
        visited: r.visited ?? false,
        lists: r.lists ?? [],
        maps_url: '',
        place_id: r.place_id ?? '',
      },
    })),
  });
}
