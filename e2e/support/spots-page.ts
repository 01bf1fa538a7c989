import type { Page } from 'playwright-core';

/** Reading the My Spots gallery the way a person does: by roles, labels and text. */

export const cards = (page: Page) =>
  page.getByRole('list', { name: 'Spots' }).getByRole('listitem');
export const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search my spots' });

/** The URL's query once it has settled on `expected` (the search box is debounced). */
export async function waitForQuery(page: Page, expected: Record<string, string | null>) {
  await page.waitForURL((url) =>
    Object.entries(expected).every(([key, value]) => url.searchParams.get(key) === value),
  );
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The result line for `count` spots on page 1. */
export const firstPage = (count: number) =>
  count > 20 ? `Spots 1–20 of ${count}` : `${count} spots`;

/** Waits for the gallery to show the answer of the current URL, not the previous one. */
export async function waitForGallery(page: Page, summary: string | RegExp) {
  const exact = typeof summary === 'string' ? new RegExp(`^${escape(summary)}$`) : summary;
  await page.getByRole('status').filter({ hasText: exact }).first().waitFor();
  await page.locator('ul[aria-busy="false"][aria-label="Spots"]').waitFor();
}

/** The star count of each card on screen, 0 for none; read in one go, so never half-updated. */
export function starLabels(page: Page): Promise<number[]> {
  return page.locator('ul[aria-label="Spots"] > li').evaluateAll((items) =>
    items.map((item) => {
      const label = item.querySelector('[aria-label^="Rated "]')?.getAttribute('aria-label');
      return Number(/^Rated (\d) out of 5 stars$/.exec(label ?? '')?.[1] ?? 0);
    }),
  );
}

/** Waits (a while, not forever) for the map to finish drawing before a screenshot. */
export async function settleMap(page: Page) {
  const map = page.locator('[data-map-state]').first();
  await map.waitFor();
  await page
    .waitForFunction(
      () => {
        const el = document.querySelector('[data-map-state]');
        const state = el?.getAttribute('data-map-state');
        return (
          state === 'failed' || (state === 'loaded' && el?.getAttribute('data-map-idle') === 'true')
        );
      },
      undefined,
      { timeout: 15_000 },
    )
    .catch(() => undefined); // a slow map must not hide what the test is about
}
