/**
 * The load generator of bench/mixed-load.ts, run in a process of its own so the server's
 * CPU figures count only the server: `connections` keep-alive connections, each sending
 * its next request as soon as the previous answer arrives, each request drawn from the
 * plan's kinds by weight. Each connection is one person of the plan, sending their own
 * cookies. Prints per-kind counts, errors and latency percentiles as JSON.
 *
 * Paced (`ratePerSecond`): the connections together ask that many requests a second, each
 * person at random moments (exponential gaps, as independent people do), instead of as
 * fast as the server answers. A request's latency then counts from the moment it was due,
 * so an answer late enough to delay the person's next request counts that wait too (no
 * "coordinated omission"). Below the server's capacity, this is the latency people meet;
 * flat out, a closed loop's mean latency is fixed by its throughput (connections ÷ req/s).
 *
 *   npx tsx bench/mixed-load-client.ts <file holding the plan as JSON>
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';

export interface RequestSpec {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  body?: string;
  /** 'nobody': sent without the person's cookies, as from a link opened signed out */
  as?: 'nobody';
}
/** Who a connection is: their session's cookies (none for the bare route). */
export interface Person {
  cookie: string;
  csrf: string;
  /** Set for a person whose requests are also reported apart (the 100,000-spot user). */
  label?: string;
}
export interface KindPlan {
  kind: string;
  weight: number;
  /** The same for everyone (each person sends them with their own cookies)… */
  requests?: RequestSpec[];
  /** …or each person's own, by the person's index. */
  perPerson?: RequestSpec[][];
  /** drawn at random for each request, or taken in turn, each once per person (creating a spot) */
  inTurn?: boolean;
}
export interface LoadPlan {
  base: string;
  /** the Origin sent on writes, when not `base` (the app's own URL behind a proxy) */
  origin?: string;
  connections: number;
  durationMs: number;
  /** Connection c is person c % people.length; no people: requests without cookies. */
  people?: Person[];
  /** Sent on every request, as a browser sends one (unset: none, so every answer is plain). */
  acceptEncoding?: string;
  /** Paced: the requests a second of all connections together (unset: each as fast as answered). */
  ratePerSecond?: number;
  /**
   * Sent for this long before `durationMs` is measured, on the same connections: the
   * one-time costs after the bench's reset and of new connections. Reported apart
   * (`warmUp`), its errors too.
   */
  warmUpMs?: number;
  kinds: KindPlan[];
}
export interface KindFigures {
  count: number;
  errors: number;
  /** answers slower than a second */
  overOneSecond: number;
  p50: number;
  p99: number;
  max: number;
  /** the first few error answers, to say what went wrong */
  samples: string[];
}
export interface LoadFigures {
  kinds: Record<string, KindFigures>;
  /** All requests of each labelled person, whatever their kind. */
  labelled: Record<string, KindFigures>;
  /** Each answer slower than a second: when it was asked, and on what connection. */
  slow: SlowAnswer[];
  /**
   * The load generator's own turns of its event loop that kept a 20 ms timer waiting 100 ms
   * or more, as [seconds into the run, ms]: while it stalls, requests go out late and
   * answers are read late, which a paced run counts as the server's latency.
   */
  ownLateTurns: [number, number][];
  /** How many answers took over 100 ms, by the tenth of a second of the run they were asked in. */
  overTenthByTenth: Record<number, number>;
  /** All requests asked in the warm-up, whatever their kind (none without a warm-up). */
  warmUp: KindFigures;
}
export interface SlowAnswer {
  kind: string;
  /** seconds from the run's start to the request */
  at: number;
  ms: number;
  /** sent on a connection opened for it (the run's first on that connection), not a kept one */
  newConnection: boolean;
  /** on a new connection: ms from the request to the connection's handshake done */
  connectMs?: number;
}

const plan = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as LoadPlan;
const agent = new http.Agent({ keepAlive: true, maxSockets: plan.connections });
const people = plan.people?.length ? plan.people : [{ cookie: '', csrf: '' }];
const latencies = new Map<string, number[]>();
const errors = new Map<string, string[]>();
const labelled = new Map<string, number[]>();
for (const k of plan.kinds) [latencies, errors].forEach((m) => m.set(k.kind, []));
for (const p of people) if (p.label) labelled.set(p.label, []);
/** Next request of each (kind taken in turn, person). */
const turn = new Map<string, number>();

const requestsOf = (kind: KindPlan, person: number) =>
  kind.requests ?? kind.perPerson![person % kind.perPerson!.length]!;

/** A kind taken in turn (each place created once) is done for a person when its requests run out. */
function draw(person: number): [KindPlan, RequestSpec] | null {
  const next = (k: KindPlan) => turn.get(`${k.kind}\n${person}`) ?? 0;
  const open = plan.kinds.filter((k) => !k.inTurn || next(k) < requestsOf(k, person).length);
  if (!open.length) return null;
  const weight = open.reduce((sum, k) => sum + k.weight, 0);
  let pick = Math.random() * weight;
  const kind = open.find((k) => (pick -= k.weight) < 0) ?? open[0]!;
  const requests = requestsOf(kind, person);
  if (!kind.inTurn) return [kind, requests[Math.floor(Math.random() * requests.length)]!];
  const i = next(kind);
  turn.set(`${kind.kind}\n${person}`, i + 1);
  return [kind, requests[i]!];
}

/** The headers the person's browser sends: cookies, and on writes the CSRF token. */
function headersOf(spec: RequestSpec, person: Person): Record<string, string> {
  const encoding: Record<string, string> = plan.acceptEncoding
    ? { 'accept-encoding': plan.acceptEncoding }
    : {};
  if (spec.as === 'nobody' || !person.cookie) return encoding;
  const headers: Record<string, string> = { ...encoding, cookie: person.cookie };
  if (spec.method !== 'GET') {
    Object.assign(headers, {
      'x-csrftoken': person.csrf,
      'content-type': 'application/json',
      origin: plan.origin ?? plan.base,
    });
  }
  return headers;
}

/**
 * Sends the request and reads the whole answer. Only a failed answer's body is kept (its
 * start is printed), as wrk does: decoding every body as text, gzip and brotli bytes
 * among them, was work on the cores the server is measured on (decision 023, "The load
 * generator reads bodies without decoding them").
 */
const send = (spec: RequestSpec, person: Person) =>
  new Promise<{ status: number; body: string; reused: boolean; connectMs?: number }>((resolve) => {
    const asked = performance.now();
    let connectMs: number | undefined;
    const request = http.request(
      plan.base + spec.path,
      { method: spec.method, agent, headers: headersOf(spec, person) },
      (response) => {
        const status = response.statusCode ?? 0;
        const failed = status < 200 || status >= 300;
        const chunks: Buffer[] = [];
        if (failed) response.on('data', (chunk: Buffer) => chunks.push(chunk));
        else response.resume();
        response.on('end', () =>
          resolve({
            status,
            body: Buffer.concat(chunks).toString(),
            reused: request.reusedSocket,
            connectMs,
          }),
        );
      },
    );
    // A new connection's handshake, timed apart: a wait there is the kernel's or the
    // listener's (a SYN sent again waits a second), not the app's.
    request.on('socket', (socket) => {
      if (!request.reusedSocket)
        socket.once('connect', () => (connectMs = performance.now() - asked));
    });
    request.on('error', (error) =>
      resolve({ status: 0, body: error.message, reused: request.reusedSocket }),
    );
    request.end(spec.body);
  });

const slow: SlowAnswer[] = [];
const started = performance.now();
/** When the measured run starts; the times reported are from here. */
const measuredFrom = started + (plan.warmUpMs ?? 0);
const deadline = measuredFrom + plan.durationMs;
const warmUpLatencies: number[] = [];
const warmUpErrors: string[] = [];
// The one message to the bench (when it started this process): the measured run starts, so
// it reads the server's CPU from here.
setTimeout(() => process.send?.('measuring'), measuredFrom - started);
process.channel?.unref(); // the channel alone keeps no load generator running
const ownLateTurns = watchOwnTurns();
const overTenthByTenth: Record<number, number> = {};

function watchOwnTurns(): [number, number][] {
  const TICK_MS = 20;
  const late: [number, number][] = [];
  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    if (now - last - TICK_MS >= 100)
      late.push([(last - measuredFrom) / 1000, Math.round(now - last)]);
    last = now;
  }, TICK_MS).unref();
  return late;
}
/** Paced: the mean gap between one person's requests, in ms. */
const meanGap = plan.ratePerSecond ? (1000 * plan.connections) / plan.ratePerSecond : 0;
const nextGap = () => -Math.log(1 - Math.random()) * meanGap;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * When a person's next request counts from: flat out, now; paced, the next of their random
 * moments, waited for if it is still ahead.
 */
function schedule() {
  let due = started + nextGap();
  return async () => {
    if (!meanGap) return performance.now();
    const at = due;
    due += nextGap();
    if (at > performance.now()) await sleep(at - performance.now());
    return at;
  };
}

async function connection(c: number) {
  const index = c % people.length;
  const person = people[index]!;
  const nextStart = schedule();
  while (performance.now() < deadline) {
    const start = await nextStart();
    if (start >= deadline) return;
    const drawn = draw(index);
    if (!drawn) return;
    const [kind, spec] = drawn;
    const answer = await send(spec, person);
    const error =
      answer.status < 200 || answer.status >= 300
        ? `${answer.status} ${spec.method} ${spec.path} ${answer.body.slice(0, 120)}`
        : undefined;
    const ms = performance.now() - start;
    if (start < measuredFrom) {
      warmUpLatencies.push(ms);
      if (error) warmUpErrors.push(error);
      continue;
    }
    latencies.get(kind.kind)!.push(ms);
    if (person.label) labelled.get(person.label)!.push(ms);
    if (error) errors.get(kind.kind)!.push(error);
    if (ms > 100) {
      const tenth = Math.floor((start - measuredFrom) / 100);
      overTenthByTenth[tenth] = (overTenthByTenth[tenth] ?? 0) + 1;
    }
    if (ms > 1000) {
      slow.push({
        kind: kind.kind,
        at: (start - measuredFrom) / 1000,
        ms,
        newConnection: !answer.reused,
        connectMs: answer.connectMs,
      });
    }
  }
}

await Promise.all(Array.from({ length: plan.connections }, (_, c) => connection(c)));
agent.destroy();

function figuresOf(values: number[], failed: string[] = []): KindFigures {
  values.sort((a, b) => a - b);
  const at = (p: number) => values[Math.min(values.length - 1, Math.floor(p * values.length))] ?? 0;
  return {
    count: values.length,
    errors: failed.length,
    overOneSecond: values.filter((v) => v > 1000).length,
    p50: at(0.5),
    p99: at(0.99),
    max: values.at(-1) ?? 0,
    samples: failed.slice(0, 3),
  };
}
const figures: LoadFigures = {
  kinds: {},
  labelled: {},
  slow,
  ownLateTurns,
  overTenthByTenth,
  warmUp: figuresOf(warmUpLatencies, warmUpErrors),
};
for (const [kind, values] of latencies) figures.kinds[kind] = figuresOf(values, errors.get(kind));
for (const [label, values] of labelled) figures.labelled[label] = figuresOf(values);
process.stdout.write(JSON.stringify(figures));
