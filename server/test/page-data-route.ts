import type { FastifyInstance } from 'fastify';
import { pageDataBlock } from '../src/plugins/page-data.ts';

/** Where `pageDataRoute` answers: `?path=` names the page whose data block is asked. */
export const PAGE_DATA_TEST_URL = '/test/page-data';

/**
 * A test-only route answering the page data block (plugins/page-data.ts) of the path it
 * is given: what a page route embeds, without the built web app a page route needs.
 * Mount it with `beforeReady`.
 */
export function pageDataRoute(app: FastifyInstance) {
  app.get<{ Querystring: { path: string } }>(PAGE_DATA_TEST_URL, (request) =>
    pageDataBlock(request, request.query.path),
  );
}
