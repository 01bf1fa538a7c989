import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Started by the session hook before it reads the session (`readBesideSession`). */
    startBesideSession?: (request: FastifyRequest) => void;
  }
}

/**
 * A route's first read that needs nothing of the session (a spot by its id, a list by its
 * key), sent by the session hook beside its read of the session instead of after it. On
 * PostgreSQL each statement in a row is a wait for the event loop under load (decision 023,
 * session 22): the spot and list pages wait once, not twice.
 *
 * The read only fetches; what the route shows is decided after the session is known, from
 * the read's rows, exactly as if it had been sent then (the route's visibility rules run
 * on them). It starts only for a request whose params pass the route's own schema, and a
 * read that fails is the handler's error, not an unhandled rejection.
 */
export function readBesideSession<Params, T>(
  params: z.ZodType<Params>,
  read: (params: Params) => Promise<T>,
) {
  const started = new WeakMap<FastifyRequest, Promise<T>>();
  const start = (request: FastifyRequest) => {
    const parsed = params.safeParse(request.params);
    if (!parsed.success) return;
    const reading = read(parsed.data);
    reading.catch(() => {}); // awaited by the handler, which answers its failure
    started.set(request, reading);
  };
  return {
    /** the route's `config` */
    config: { startBesideSession: start },
    /** The read started beside the session; started now if the hook did not start it. */
    result(request: FastifyRequest & { params: Params }): Promise<T> {
      return started.get(request) ?? read(request.params);
    },
  };
}

/** The session hook's part: starts the route's read beside the session's, if it has one. */
export function startReadBesideSession(request: FastifyRequest): void {
  request.routeOptions.config.startBesideSession?.(request);
}
