/**
 * The API answers a page's HTML carries so the web app need not ask for them again
 * (issue 14 §4, docs/decisions/024-shared-list-on-a-phone.md): the server embeds them as
 * `<script type="application/json" id={PAGE_DATA_ELEMENT_ID}>`, the web app reads them
 * once at start into its query cache. Each is exactly what the API answered this browser.
 * No zod here: the entry chunk reads this module.
 */
import type { AppConfig } from './app-config.ts';
import type { SessionResponse } from './auth.ts';
import type { ListDetail } from './lists.ts';

export const PAGE_DATA_ELEMENT_ID = 'spotbook-page-data';

export interface PageData {
  /** `GET /api/user/session/` */
  session?: SessionResponse;
  /** `GET /api/config/`: the footer's contact address and the map's settings */
  config?: AppConfig;
  /** `GET /api/lists/list/{key}` on `/lists/{key}`, when this browser may see the list */
  list?: { key: string; answer: ListDetail };
}
