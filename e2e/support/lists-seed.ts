import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { ensureSharedPlacesIndex } from '../../server/test/places-index.ts';
import type { ApiClient } from './api-client.ts';

export const PARIS = { lat: 48.8566, lng: 2.3522 };

/** A place's id from the places search API, as the /newSpot flow finds it. */
export async function findPlaceId(
  api: ApiClient,
  name: string,
  near: { lat: number; lng: number },
): Promise<string> {
  const query = new URLSearchParams({
    query: name,
    kind: 'place',
    lat: String(near.lat),
    lng: String(near.lng),
  });
  const { results } = await api.get<{ results: { id: string; displayName: string }[] }>(
    `/api/places/search/?${query}`,
  );
  const place = results.find((r) => r.displayName === name) ?? results[0];
  if (!place) throw new Error(`no place called ${name}`);
  return place.id;
}

/**
 * Ids of `count` curated landmarks from the embedded place index the server uses: real
 * places all over the world, so a big list's map spans it. Only the ids are read here;
 * the spots themselves are made through the API.
 */
export function placeIdsFromIndex(count: number): string[] {
  const db = new Database(ensureSharedPlacesIndex(), { readonly: true });
  try {
    const rows = db
      .prepare("SELECT id FROM places WHERE kind = 'landmark' ORDER BY pos LIMIT ?")
      .all(count) as { id: string }[];
    if (rows.length < count) throw new Error(`only ${rows.length} landmarks in the index`);
    return rows.map((row) => row.id);
  } finally {
    db.close();
  }
}

/** `POST /api/reviews/create-place-review/`: one spot, optionally straight onto a list. */
export async function createSpot(
  api: ApiClient,
  placeId: string,
  fields: { review?: string; rating?: number; visited?: boolean; listId?: number } = {},
): Promise<number> {
  const created = await api.post<{ id: number }>('/api/reviews/create-place-review/', {
    place: { id: placeId },
    review: {
      review: fields.review ?? '',
      rating: fields.rating ?? 0,
      visited: fields.visited ?? false,
    },
    list_id: fields.listId ?? null,
  });
  return created.id;
}

/** Accepts every alert / confirm on the page and keeps their texts, newest last. */
export function watchDialogs(page: Page): string[] {
  const messages: string[] = [];
  page.on('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.accept();
  });
  return messages;
}
