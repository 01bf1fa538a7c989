import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildOptions } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import type { AppContext } from '../src/context.ts';
import { databaseLocation, openDatabase, type Db } from '../src/db/connection.ts';
import type { Mail, Mailer } from '../src/plugins/mail.ts';
import { copyBasemap } from './basemap.ts';
import { freshSchemaUrl } from './postgres.ts';
import { createEmbeddedProvider } from '../src/features/places/embedded/embedded-provider.ts';
import { openPlacesIndex } from '../src/features/places/embedded/places-index.ts';
import type { PlacesProvider } from '../src/features/places/provider.ts';
import { SHARED_PLACES_DIR } from './places-index.ts';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** mails the app sent, newest last */
  mails: Mail[];
  close(): Promise<void>;
}

export function testDialect(): 'sqlite' | 'postgres' {
  const dialect = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
  // Only the api-postgres project provides a database. Test files share modules and
  // workers (isolate: false), so a TEST_DB that disagrees with the project would run
  // a PostgreSQL file on SQLite without a word: it stops the file instead.
  if ((dialect === 'postgres') !== Boolean(inject('postgresUrl'))) {
    throw new Error(`TEST_DB=${process.env.TEST_DB ?? ''} does not match this test project`);
  }
  return dialect;
}

/**
 * The real app on a real database: a new SQLite file, or a new schema in this run's
 * PostgreSQL database (api-postgres project). Nothing is mocked but the mail transport.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: Pick<BuildOptions, 'onRoute' | 'logger'> & {
    /** a provider made from the test's config (e.g. Google against a local stand-in) */
    places?: (config: Config) => PlacesProvider;
    /** runs before the app is ready: the place for a test-only route */
    beforeReady?: (app: FastifyInstance) => void;
    /** the app's database handle as the app will use it, e.g. a StatementTimeline's watch */
    watchDb?: (db: Db) => Db;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'spotbook-test-'));
  // The run's prebuilt basemap (basemap-global-setup.ts), where the app looks for it.
  const basemap = inject('apiBasemap');
  if (basemap) copyBasemap(basemap, dataDir);
  const databaseUrl =
    testDialect() === 'postgres' ? await freshSchemaUrl(inject('postgresUrl')) : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    EXAMPLE_LISTS: '0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const mails: Mail[] = [];
  const mailer: Mailer = { send: async (mail) => void mails.push(mail) };
  const { places: makePlaces, beforeReady, watchDb, ...buildOptions } = options;
  const places = makePlaces
    ? makePlaces(config)
    : createEmbeddedProvider(openPlacesIndex(SHARED_PLACES_DIR), { ownsIndex: true });
  const opened = watchDb && openDatabase(databaseLocation(config));
  const { app, ctx } = await buildApp(config, {
    mailer,
    logger: false,
    places,
    ...(opened ? { database: { ...opened, db: watchDb(opened.db) } } : {}),
    ...buildOptions,
  });
  beforeReady?.(app);
  await app.ready();
  return {
    app,
    ctx,
    mails,
    async close() {
      await app.close();
      await opened?.close();
      places.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type Body = InjectOptions['payload'];

/**
 * A browser-like client over inject: keeps cookies, sends the CSRF header on unsafe
 * methods the way the web app does.
 */
let clients = 0;
/** Each client its own address, like separate browsers (per-address limits); pass one to share. */
const nextAddress = () => `10.${(++clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;

export class TestClient {
  readonly cookies = new Map<string, string>();
  constructor(
    readonly app: FastifyInstance,
    readonly address = nextAddress(),
  ) {}

  async request(
    method: InjectOptions['method'],
    url: string,
    body?: Body,
    headers: Record<string, string> = {},
  ) {
    const unsafe = !['GET', 'HEAD', 'OPTIONS'].includes(String(method));
    if (unsafe && !this.cookies.has('csrftoken')) await this.request('GET', '/api/user/session/');
    const response = await this.app.inject({
      method,
      url,
      payload: body,
      remoteAddress: this.address,
      headers: {
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(unsafe ? { 'x-csrftoken': this.cookies.get('csrftoken') ?? '' } : {}),
        ...headers,
      },
    });
    this.keepCookies(response);
    return response;
  }

  get = (url: string) => this.request('GET', url);
  post = (url: string, body?: Body) => this.request('POST', url, body ?? {});
  put = (url: string, body?: Body) => this.request('PUT', url, body ?? {});
  patch = (url: string, body?: Body) => this.request('PATCH', url, body ?? {});
  delete = (url: string) => this.request('DELETE', url);
  /** A body that says it is JSON and is not (cut short). */
  notJson = (method: 'POST' | 'PUT', url: string) =>
    this.request(method, url, '{"field": ', { 'content-type': 'application/json' });

  private keepCookies(response: LightMyRequestResponse) {
    for (const c of response.cookies) {
      if (c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now()))
        this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }
}

let counter = 0;
/** A unique, valid username per call (runs share a PostgreSQL database). */
export const uniqueName = (prefix = 'user') => `${prefix}${Date.now().toString(36)}${counter++}`;

export interface TestUser {
  id: number;
  username: string;
  email: string;
  password: string;
  client: TestClient;
}

/** Registers a user through the API and returns a client signed in as them. */
export async function signedInUser(app: FastifyInstance, name = uniqueName()): Promise<TestUser> {
  const client = new TestClient(app);
  const password = 'correct horse battery';
  const email = `${name}@example.test`;
  const response = await client.post('/api/user/register/', { username: name, email, password });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.body}`);
  const { user } = response.json<{ user: { id: number } }>();
  return { id: user.id, username: name, email, password, client };
}

type TestAppOptions = NonNullable<Parameters<typeof createTestApp>[1]>;

/**
 * The setup most API test files share: one app for the file, built in `beforeAll` with the
 * named users registered and signed in, in order, and closed in `afterAll`. The returned
 * objects are filled in `beforeAll`: destructure them at the top, read them in hooks and
 * tests (`const { t, alice } = useTestApp({ users: ['alice'] })`).
 */
export function useTestApp<const Name extends string = never>({
  env = {},
  users = [],
  ...options
}: TestAppOptions & { env?: Record<string, string>; users?: readonly Name[] } = {}): {
  t: TestApp;
} & Record<Name, TestUser> {
  const t = {} as TestApp;
  const signedIn = Object.fromEntries(users.map((name) => [name, {} as TestUser]));
  beforeAll(async () => {
    Object.assign(t, await createTestApp(env, options));
    for (const name of users) Object.assign(signedIn[name]!, await signedInUser(t.app));
  });
  afterAll(() => t.close?.()); // absent when beforeAll failed
  return { ...(signedIn as Record<Name, TestUser>), t };
}
