import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

type Directives = Record<string, string[]>;

/**
 * Google's allowlist for the Maps JavaScript API (developers.google.com/maps/documentation/
 * javascript/content-security-policy). The API adds <style> elements of its own, hence
 * 'unsafe-inline' in style-src, and runs blob: scripts and workers.
 */
const GOOGLE_MAPS: Directives = {
  'script-src': [
    'https://*.googleapis.com',
    'https://*.gstatic.com',
    '*.google.com',
    'https://*.ggpht.com',
    '*.googleusercontent.com',
    'blob:',
  ],
  'img-src': [
    'https://*.googleapis.com',
    'https://*.gstatic.com',
    '*.google.com',
    '*.googleusercontent.com',
  ],
  'connect-src': ['https://*.googleapis.com', '*.google.com', 'https://*.gstatic.com'],
  'frame-src': ['*.google.com'],
  'font-src': ['https://fonts.gstatic.com'],
  'style-src': ["'unsafe-inline'", 'https://fonts.googleapis.com'],
};

/**
 * The app's policy (docs/decisions/012-security-headers.md): only its own scripts, no
 * inline script and no eval; MapLibre's worker is a blob: URL. It widens only for what
 * the deployer switches on: Google's map (a browser key) and an online MAP_STYLE_URL.
 */
export function contentSecurityPolicy(config: Config): Directives {
  const directives: Directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'worker-src': ["'self'", 'blob:'],
    'img-src': ["'self'", 'data:', 'blob:'],
    'connect-src': ["'self'"],
    'style-src': ["'self'"],
    'font-src': ["'self'"],
    'frame-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
  // Tiles, glyphs and sprites of an online style are fetched from the style's own host.
  if (config.MAP_STYLE_URL) directives['connect-src']!.push(new URL(config.MAP_STYLE_URL).origin);
  if (config.GOOGLE_MAPS_BROWSER_KEY) {
    for (const [name, sources] of Object.entries(GOOGLE_MAPS)) {
      const current = directives[name]!.filter((s) => s !== "'none'");
      directives[name] = [...current, ...sources];
    }
  }
  if (config.secureCookies) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/**
 * The API docs page (swagger-ui) renders <style> elements and style attributes of its
 * own; its answers allow inline styles, the rest of the policy (no inline script, no
 * eval, no framing) unchanged. It shows only this API's own schema.
 */
export function docsPolicy(header: string): string {
  return header.replace(/(^|;)\s*style-src [^;]*/, "$1style-src 'self' 'unsafe-inline'");
}

/**
 * Security headers on every answer (contract §6): CSP, nosniff, a strict referrer policy,
 * no framing, and HSTS only when the public URL is https (an http deployment would
 * otherwise be told to use an https it does not have).
 *
 * Helmet's middleware is made once and run on each request's raw response: @fastify/helmet
 * made a new one (options parsed, CSP directives checked and joined) on every request, 2 %
 * of the event loop under load (decision 023, "Security headers made once"); it offers
 * per-route options and a nonce decorator this app doesn't use.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const setHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    // This host only: the deployer's other subdomains may not all have https.
    strictTransportSecurity: config.secureCookies
      ? { maxAge: 31_536_000, includeSubDomains: false }
      : false,
    // Another origin's web client (CORS_ORIGINS) shows our place photos in <img>.
    crossOriginResourcePolicy: {
      policy: config.CORS_ORIGINS.length ? 'cross-origin' : 'same-origin',
    },
  });
  // Helmet 8 throws instead of passing an error on; it has none to give for these options.
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, () => done());
  });
}
