import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import {
  operationsOf,
  requestArbitrary,
  type FuzzOperation,
  type FuzzRequest,
  type OpenApiDocument,
} from './requests.ts';
import { verdict } from './verdict.ts';
import type { FuzzWorld } from './world.ts';

export interface FuzzStats {
  requests: number;
  statuses: Record<number, number>;
  failures: string[];
  /** milliseconds spent per operation ("GET /api/…"), to see where a run's time goes */
  msByOperation: Record<string, number>;
}

export const newStats = (): FuzzStats => ({
  requests: 0,
  statuses: {},
  failures: [],
  msByOperation: {},
});

/** Every operation the app documents, read from its own OpenAPI document. */
export async function documentedOperations(app: FastifyInstance): Promise<FuzzOperation[]> {
  const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
  return operationsOf(response.json<OpenApiDocument>());
}

const shorten = (text: string, max = 300) =>
  text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;

/** A body for a report: text as is, a file upload by its size and first bytes. */
const describePayload = (payload: FuzzRequest['payload']) =>
  typeof payload === 'string' || payload === undefined
    ? (payload ?? '')
    : `<${payload.length} bytes: ${JSON.stringify(payload.subarray(0, 120).toString('latin1'))}>`;

/** Sends one request and judges the answer; a problem comes back as a readable line. */
export async function sendAndJudge(world: FuzzWorld, request: FuzzRequest, stats: FuzzStats) {
  const response = await world.send(request);
  stats.requests++;
  stats.statuses[response.statusCode] = (stats.statuses[response.statusCode] ?? 0) + 1;
  const problem = verdict(request.url, response);
  return problem
    ? `${request.actor} ${request.method} ${shorten(request.url)} ${shorten(describePayload(request.payload), 200)} → ${problem}`
    : null;
}

/**
 * fast-check's property per operation: a failure shrinks to a small request, and the
 * report names it (actor, method, URL, body, what was wrong) with the seed and path that
 * replay it. fast-check's default report would print the whole counterexample, 100 KB
 * strings included, so a short one replaces it.
 */
export async function assertOperation(
  world: FuzzWorld,
  operation: FuzzOperation,
  stats: FuzzStats,
  options: { numRuns: number; seed?: number },
) {
  const started = performance.now();
  const name = `${operation.method} ${operation.path}`;
  await fc.assert(
    fc.asyncProperty(requestArbitrary(operation, world.known), async (request) => {
      const problem = await sendAndJudge(world, request, stats);
      if (problem) throw new Error(problem);
    }),
    {
      numRuns: options.numRuns,
      ...(options.seed === undefined ? {} : { seed: options.seed }),
      asyncReporter: async (details) => {
        if (!details.failed) return;
        const cause = details.errorInstance instanceof Error ? details.errorInstance.message : '';
        throw new Error(
          `${operation.method} ${operation.path} failed after ${details.numRuns} runs, shrunk ${details.numShrinks} times ` +
            `(replay: FUZZ_SEED=${details.seed}, path ${details.counterexamplePath}):\n${cause}`,
        );
      },
    },
  );
  stats.msByOperation[name] = (stats.msByOperation[name] ?? 0) + performance.now() - started;
}

/** The bench's way: many requests, every failure collected rather than the first thrown. */
export async function sweepOperation(
  world: FuzzWorld,
  operation: FuzzOperation,
  stats: FuzzStats,
  options: { numRuns: number; seed: number },
) {
  const requests = fc.sample(requestArbitrary(operation, world.known), options);
  for (const request of requests) {
    const problem = await sendAndJudge(world, request, stats);
    if (problem) stats.failures.push(problem);
  }
}
