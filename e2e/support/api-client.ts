import type { BrowserContext } from 'playwright-core';

/** A non-2xx answer of the API, with its status and body for the test's message. */
export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    what: string,
  ) {
    super(`${what} answered ${status}: ${JSON.stringify(body)}`);
  }
}

/**
 * A small client for seeding through the real API, as a browser would call it: it keeps
 * the cookies the server sets (session, csrftoken) and sends the X-CSRFToken header on
 * writes. One client is one signed-in (or anonymous) person.
 */
export class ApiClient {
  private readonly cookies = new Map<string, string>();

  constructor(readonly base: string) {}

  /** Any call; answers the status and the parsed body, whatever the status. */
  async call<T = unknown>(method: string, path: string, body?: unknown) {
    const unsafe = method !== 'GET' && method !== 'HEAD';
    if (unsafe && !this.cookies.has('csrftoken')) await this.call('GET', '/api/user/session/');
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (this.cookies.size) {
      headers.Cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    }
    if (unsafe) headers['X-CSRFToken'] = this.cookies.get('csrftoken') ?? '';
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await fetch(this.base + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    this.keepCookies(response);
    const text = await response.text();
    const parsed: unknown = text ? safeJson(text) : undefined;
    return { status: response.status, body: parsed as T };
  }

  /** A call that must succeed; answers the body. */
  async ok<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    const { status, body: answer } = await this.call<T>(method, path, body);
    if (status < 200 || status >= 300) throw new ApiCallError(status, answer, `${method} ${path}`);
    return answer;
  }

  get = <T = unknown>(path: string) => this.ok<T>('GET', path);
  post = <T = unknown>(path: string, body?: unknown) => this.ok<T>('POST', path, body);
  patch = <T = unknown>(path: string, body?: unknown) => this.ok<T>('PATCH', path, body);
  delete = <T = unknown>(path: string) => this.ok<T>('DELETE', path);

  register(who: { username: string; email: string; password: string }) {
    return this.post<{ user: { id: number; username: string } }>('/api/user/register/', who);
  }

  login(usernameOrEmail: string, password: string) {
    return this.post<{ user: { id: number; username: string } }>('/api/user/login/', {
      username_or_email: usernameOrEmail,
      password,
    });
  }

  /** Signs a browser profile in as this client's user (skipping the sign-in form). */
  async shareSessionWith(context: BrowserContext) {
    await context.addCookies(
      [...this.cookies].map(([name, value]) => ({ name, value, url: this.base })),
    );
  }

  private keepCookies(response: Response) {
    keepSetCookies(this.cookies, response);
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Keeps the cookies a response sets in `jar`, as a browser would; drops expired ones. */
export function keepSetCookies(jar: Map<string, string>, response: Response) {
  for (const line of response.headers.getSetCookie()) {
    const [pair = '', ...attributes] = line.split(';');
    const eq = pair.indexOf('=');
    if (eq < 1) continue;
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
    if (expired) jar.delete(name);
    else jar.set(name, value);
  }
}
