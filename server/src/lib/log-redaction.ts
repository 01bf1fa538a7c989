import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * Reset tokens and session ids never reach the logs (contract §6). A reset link's token
 * travels in the URL (the mailed page /reset-password/<uid>/<token> and the API's
 * /api/user/password-reset-confirm/<uid>/<token>/), which Fastify logs with every request.
 */
const RESET_TOKEN_IN_URL = /((?:password-reset-confirm|reset-password)\/[^/?#\s]*\/)[^/?#\s]+/gi;
export const REDACTED = '[redacted]';

export const redactUrl = (text: string) => text.replace(RESET_TOKEN_IN_URL, `$1${REDACTED}`);

type LoggerOption = FastifyServerOptions['logger'];
type LoggerObject = Exclude<LoggerOption, boolean | undefined>;

/** Fastify's request serializer, with the token cut out of the URL and no headers. */
const serializeRequest = (request: FastifyRequest) => ({
  method: request.method,
  url: typeof request.url === 'string' ? redactUrl(request.url) : request.url,
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});

/** Cookies and credentials, wherever a log call puts headers. */
const SECRET_HEADERS = [
  'headers.cookie',
  'headers.authorization',
  'headers["x-csrftoken"]',
  'headers["set-cookie"]',
];

/** The app's logger options with redaction added: a URL's token, every cookie header. */
export function withLogRedaction(logger: LoggerOption): LoggerOption {
  if (!logger) return logger;
  const options: LoggerObject = logger === true ? {} : logger;
  return {
    ...options,
    serializers: { ...options.serializers, req: serializeRequest },
    redact: {
      paths: SECRET_HEADERS.flatMap((p) => [p, `req.${p}`, `res.${p}`, `*.${p}`]),
      censor: REDACTED,
    },
    hooks: {
      // A message that quotes a URL (a route not found, a warning) loses its token too.
      logMethod(args, method) {
        const redacted = args.map((a) => (typeof a === 'string' ? redactUrl(a) : a));
        return method.apply(this, redacted as Parameters<typeof method>);
      },
    },
  };
}
