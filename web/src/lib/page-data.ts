import { PAGE_DATA_ELEMENT_ID, type PageData } from '@spotbook/contract/page-data';
import type { QueryClient } from '@tanstack/react-query';
import { seedAppConfig } from './app-config.ts';
import { SESSION_QUERY_KEY } from './auth/api/session.ts';
import { sharedKeys } from './query-keys.ts';

/**
 * Fills the query cache from the API answers the server put in the page (the session, the
 * app's configuration; a list page's list), so the first page draws without waiting for
 * them (issue 14 §4).
 * Read once, at start, and removed: a later page asks the API as usual. A page without
 * the block (or with a broken one) loses nothing but the head start.
 */
export function seedQueryCacheFromPage(queryClient: QueryClient, doc: Document = document): void {
  const element = doc.getElementById(PAGE_DATA_ELEMENT_ID);
  if (!element) return;
  element.remove();
  let data: PageData;
  try {
    data = JSON.parse(element.textContent ?? '') as PageData;
  } catch {
    return;
  }
  if (data.session) queryClient.setQueryData(SESSION_QUERY_KEY, data.session);
  if (data.config) seedAppConfig(queryClient, data.config);
  if (data.list) queryClient.setQueryData(sharedKeys.list(data.list.key), data.list.answer);
}
