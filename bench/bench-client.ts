import { keepSetCookies } from '../e2e/support/api-client.ts';

/**
 * One person talking to the real API over HTTP the way the web app does: it keeps the
 * cookies the server sets (sessionid, csrftoken) and sends X-CSRFToken on writes.
 * Unlike e2e/support/api-client.ts it never throws on an answer, keeps the response
 * headers (the proxy says which server answered) and gives up after a timeout, since
 * these benches kill servers under it.
 */
export interface Answer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

const TIMEOUT_MS = 15_000;

export class BenchClient {
  private readonly cookies = new Map<string, string>();

  /** The Cookie header this person's browser would send. */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  constructor(public base: string) {}

  /** Rejects only when no answer came (connection refused or reset, timeout). */
  async call<T = unknown>(method: string, path: string, body?: unknown): Promise<Answer<T>> {
    const unsafe = method !== 'GET' && method !== 'HEAD';
    if (unsafe && !this.cookies.has('csrftoken')) await this.call('GET', '/api/user/session/');
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (this.cookies.size) {
      headers.Cookie = this.cookieHeader();
    }
    if (unsafe) headers['X-CSRFToken'] = this.cookies.get('csrftoken') ?? '';
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await fetch(this.base + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    this.keepCookies(response);
    const text = await response.text();
    return { status: response.status, body: parseJson(text) as T, headers: response.headers };
  }

  /** A read retried a few times on a dropped connection (a pooled socket to a dead server). */
  async read<T = unknown>(path: string): Promise<Answer<T>> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.call<T>('GET', path);
      } catch (error) {
        if (attempt >= 3) throw error;
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  }

  private keepCookies(response: Response) {
    keepSetCookies(this.cookies, response);
  }
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
