import type { FastifyRequest } from 'fastify';
import { PAGE_DATA_ELEMENT_ID, type SessionResponse } from '@spotbook/contract';

/**
 * `/lists/{key}` as the web app's router matches it (any case, an optional trailing
 * slash), with the key decoded as the router decodes it; undefined for any other path.
 */
export function listPageKey(pathname: string): string | undefined {
  const match = /^\/lists\/([^/]+)\/?$/i.exec(pathname);
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return undefined;
  }
}

/**
 * JSON that cannot end the `<script>` element it sits in: `<` (so no `</script>` and no
 * `<!--`), `>` and `&` become \u escapes, which JSON.parse reads back as the same
 * characters; so do U+2028 and U+2029, in case the text is ever read as JavaScript.
 */
export function scriptSafeJson(json: string): string {
  return json.replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

export interface PageDataBlock {
  /** the `<script type="application/json">` element, or '' when there is nothing to carry */
  script: string;
  /** cookies the API set while answering (the csrftoken cookie of a first visit) */
  setCookies: string[];
  /** whether the session answer names a user: the page then preloads its signed-in code */
  signedIn: boolean;
}

interface ApiAnswer {
  json: string;
  setCookies: string[];
}

/**
 * Asks the app itself, with this browser's cookies, as the web app would: the answer, its
 * access checks and its cookies are the API's own. Anything but a 200 JSON answer is
 * left out, and the web app asks for it as usual.
 */
async function askApi(request: FastifyRequest, url: string): Promise<ApiAnswer | null> {
  const cookie = request.headers.cookie;
  const response = await request.server.inject({
    method: 'GET',
    url,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(request.headers.host ? { host: request.headers.host } : {}),
    },
  });
  const type = response.headers['content-type'];
  if (
    response.statusCode !== 200 ||
    typeof type !== 'string' ||
    !type.startsWith('application/json')
  )
    return null;
  const setCookie = response.headers['set-cookie'];
  return {
    json: response.body,
    setCookies: setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie],
  };
}

/**
 * The page data of the page at `pathname` (PageData in the contract): the session and the
 * app's configuration on every page, and on `/lists/{key}` the list when this browser may
 * see it. The JSON is assembled from the API's bytes as they are (a list of 2,000 spots is
 * not parsed again).
 */
export async function pageDataBlock(
  request: FastifyRequest,
  pathname: string,
): Promise<PageDataBlock> {
  const listKey = listPageKey(pathname);
  const [session, config, list] = await Promise.all([
    askApi(request, '/api/user/session/'),
    askApi(request, '/api/config/'),
    listKey === undefined
      ? null
      : askApi(request, `/api/lists/list/${encodeURIComponent(listKey)}`),
  ]);
  const members: string[] = [];
  if (session) members.push(`"session":${session.json}`);
  if (config) members.push(`"config":${config.json}`);
  if (list && listKey !== undefined) {
    members.push(`"list":{"key":${JSON.stringify(listKey)},"answer":${list.json}}`);
  }
  const signedIn = session !== null && (JSON.parse(session.json) as SessionResponse).user !== null;
  if (members.length === 0) return { script: '', setCookies: [], signedIn };
  const json = scriptSafeJson(`{${members.join(',')}}`);
  return {
    script: `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${json}</script>`,
    setCookies: [session, config, list].flatMap((answer) => answer?.setCookies ?? []),
    signedIn,
  };
}
