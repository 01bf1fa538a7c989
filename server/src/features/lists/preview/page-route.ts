import type { FastifyInstance, FastifyReply } from 'fastify';
import type { RouteOptions } from '../../../context.ts';
import { sendIndexHtml } from '../../../plugins/web-app.ts';
import { canView } from '../access.ts';
import { findList } from '../repository.ts';
import { listPreviewHead } from './meta-tags.ts';

/** Answers the web app's page with extra <head> tags; replaceable so tests need no build. */
export type SendPage = (
  reply: FastifyReply,
  extraHead: string,
) => FastifyReply | Promise<FastifyReply>;

/** The extra <head> of /lists/{key}: preview tags for a shareable list, else nothing. */
export async function listPageHead(ctx: RouteOptions['ctx'], key: string): Promise<string> {
  const list = await findList(ctx.db, key);
  // Crawlers have no session: a private list, even its owner's, answers the plain page.
  return list && canView(list, null) ? listPreviewHead(list, ctx.config.PUBLIC_URL) : '';
}

/**
 * `GET /lists/{listId}` serves the web app like any client route, with link-preview
 * tags when the list is shareable, so messaging apps can show a card for a shared link.
 * `/lists/{listId}/delete` and the rest fall through to the usual SPA fallback.
 */
export async function listPageRoute(
  app: FastifyInstance,
  { ctx, sendPage = sendIndexHtml }: RouteOptions & { sendPage?: SendPage },
) {
  const options = { schema: { hide: true } }; // a page, not part of the API docs
  app.get<{ Params: { listId: string } }>('/lists/:listId', options, async (request, reply) => {
    // No picture warm-up here: the page's embedded data reads the list through its API
    // route, and that route decides when a drawing thread starts (decision 010).
    const head = await listPageHead(ctx, request.params.listId).catch((err: unknown) => {
      request.log.warn({ err }, 'list preview tags failed'); // the page itself must still load
      return '';
    });
    return sendPage(reply, head);
  });
}
