import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { PHOTO_LIMITS } from '@spotbook/contract';

/**
 * Every setting the server reads, validated once at start. A bad value stops the
 * server with one readable line (see server.ts) instead of failing later.
 */
const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

/** proxy-addr's names for private ranges are accepted beside addresses and CIDRs. */
const proxyAddress = z.union([
  z.ipv4(),
  z.ipv6(),
  z.cidrv4(),
  z.cidrv6(),
  z.enum(['loopback', 'linklocal', 'uniquelocal']),
]);

/**
 * Which reverse proxies may name the client in X-Forwarded-For: a hop count, or the
 * proxies' own addresses. Trusting every sender (`true`) is not offered: any client could
 * then choose its address and escape per-address limits.
 */
const trustProxy = z.string().transform((raw, ctx): number | string[] => {
  const value = raw.trim();
  if (/^\d{1,2}$/.test(value)) return Number(value);
  const addresses = value
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  if (!addresses.length || !addresses.every((a) => proxyAddress.safeParse(a).success)) {
    ctx.addIssue({
      code: 'custom',
      message:
        'must be a hop count (e.g. 1) or comma-separated proxy addresses or CIDRs (e.g. 10.0.0.2,172.16.0.0/12)',
    });
    return z.NEVER;
  }
  return addresses;
});

/** PostgreSQL connections a server process keeps unless `DATABASE_POOL_SIZE` says otherwise. */
export const DEFAULT_DATABASE_POOL_SIZE = 10;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, 'must look like smtp://user:pass@host:port or smtps://…')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Spotbook <no-reply@spotbook.localhost>'),
  CONTACT_EMAIL: z.email().default('hello@spotbook.localhost'),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  GOOGLE_MAPS_API_KEY: z.string().min(10).optional(),
  /** The key the browser's Google map uses (referrer-restricted); the server key never leaves. */
  GOOGLE_MAPS_BROWSER_KEY: z.string().min(10).optional(),
  TRUST_PROXY: trustProxy.optional(),
  CORS_ORIGINS: z
    .string()
    .transform((s) =>
      s
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ protocol: /^https?$/ })))
    .optional(),
  /** embedded (default, offline) | osm (Photon/Nominatim URL) | google (needs the key) */
  PLACES_PROVIDER: z.enum(['embedded', 'osm', 'google']).optional(),
  OSM_SEARCH_URL: z.url({ protocol: /^https?$/ }).default('https://photon.komoot.io/api/'),
  /** OpenStreetMap extracts (.osm.pbf/.osm, comma-separated) loaded into the embedded index at start */
  PLACES_EXTRACTS: z
    .string()
    .transform((s) =>
      s
        .split(',')
        .map((f) => f.trim())
        .filter(Boolean),
    )
    .optional(),
  /** An online MapLibre style; unset means the offline basemap served by this server. */
  MAP_STYLE_URL: z.url({ protocol: /^https?$/ }).optional(),
  EXAMPLE_LISTS: booleanFlag.default(true),
  RESET_TOKEN_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(60),
  /** Photo storage per account (issue 13); every upload that would pass it is refused. */
  PHOTO_ACCOUNT_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(Number.MAX_SAFE_INTEGER)
    .default(PHOTO_LIMITS.accountBytesDefault),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** PostgreSQL connections each server process keeps (db/connection.ts). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(DEFAULT_DATABASE_POOL_SIZE),
  /** Server processes sharing the port (server/src/cluster.ts); default one per core. */
  WORKERS: z.coerce.number().int().min(1).max(64).default(availableParallelism()),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<
  Env,
  'PUBLIC_URL' | 'PLACES_PROVIDER' | 'CORS_ORIGINS' | 'TRUST_PROXY' | 'PLACES_EXTRACTS'
> {
  /** extract files loaded (when new or changed) into the embedded index at start */
  PLACES_EXTRACTS: string[];
  PUBLIC_URL: string;
  /** Fastify's trustProxy: false (the socket is the client), a hop count or proxy addresses */
  TRUST_PROXY: false | number | string[];
  PLACES_PROVIDER: 'embedded' | 'osm' | 'google';
  CORS_ORIGINS: string[];
  /** https PUBLIC_URL ⇒ Secure cookies */
  secureCookies: boolean;
}

export class ConfigError extends Error {}

/** Empty strings count as unset, so `FOO=` in a .env file means "use the default". */
function withoutEmpty(source: Record<string, string | undefined>) {
  return Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(withoutEmpty(source));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message}`);
  }
  const env = parsed.data;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  const provider = env.PLACES_PROVIDER ?? (env.GOOGLE_MAPS_API_KEY ? 'google' : 'embedded');
  if (provider === 'google' && !env.GOOGLE_MAPS_API_KEY) {
    throw new ConfigError(
      'Invalid configuration: PLACES_PROVIDER=google needs GOOGLE_MAPS_API_KEY to be set',
    );
  }
  return {
    ...env,
    PUBLIC_URL: publicUrl,
    PLACES_PROVIDER: provider,
    CORS_ORIGINS: env.CORS_ORIGINS ?? [],
    PLACES_EXTRACTS: env.PLACES_EXTRACTS ?? [],
    TRUST_PROXY: env.TRUST_PROXY || false,
    secureCookies: publicUrl.startsWith('https://'),
  };
}
