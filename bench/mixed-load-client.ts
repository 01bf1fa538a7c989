/**
 * The load generator of bench/mixed-load.ts, run in a process of its own so the server's
 * CPU figures count only the server: `connections` keep-alive connections, each sending
 * its next request as soon as the previous answer arrives, each request drawn from the
 * plan's kinds by weight. Prints per-kind counts, errors and latency percentiles as JSON.
 *
 *   npx tsx bench/mixed-load-client.ts <file holding the plan as JSON>
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';

export interface RequestSpec {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  headers: Record<string, string>;
  body?: string;
}
export interface KindPlan {
  kind: string;
  weight: number;
  /** drawn at random for each request, or taken in turn, each once (creating a spot) */
  requests: RequestSpec[];
  inTurn?: boolean;
}
export interface LoadPlan {
  base: string;
  connections: number;
  durationMs: number;
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

const plan = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as LoadPlan;
const agent = new http.Agent({ keepAlive: true, maxSockets: plan.connections });
const latencies = new Map(plan.kinds.map((k) => [k.kind, [] as number[]]));
const errors = new Map(plan.kinds.map((k) => [k.kind, [] as string[]]));
const turn = new Map(plan.kinds.map((k) => [k.kind, 0]));

/** A kind taken in turn (each place created once) is done when its requests run out. */
function draw(): [KindPlan, RequestSpec] | null {
  const open = plan.kinds.filter((k) => !k.inTurn || turn.get(k.kind)! < k.requests.length);
  if (!open.length) return null;
  const weight = open.reduce((sum, k) => sum + k.weight, 0);
  let pick = Math.random() * weight;
  const kind = open.find((k) => (pick -= k.weight) < 0) ?? open[0]!;
  if (!kind.inTurn) {
    return [kind, kind.requests[Math.floor(Math.random() * kind.requests.length)]!];
  }
  const i = turn.get(kind.kind)!;
  turn.set(kind.kind, i + 1);
  return [kind, kind.requests[i]!];
}

const send = (spec: RequestSpec) =>
  new Promise<{ status: number; body: string }>((resolve) => {
    const request = http.request(
      plan.base + spec.path,
      { method: spec.method, agent, headers: spec.headers },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on('error', (error) => resolve({ status: 0, body: error.message }));
    request.end(spec.body);
  });

const deadline = Date.now() + plan.durationMs;
async function connection() {
  while (Date.now() < deadline) {
    const drawn = draw();
    if (!drawn) return;
    const [kind, spec] = drawn;
    const start = process.hrtime.bigint();
    const answer = await send(spec);
    latencies.get(kind.kind)!.push(Number(process.hrtime.bigint() - start) / 1e6);
    if (answer.status < 200 || answer.status >= 300) {
      errors
        .get(kind.kind)!
        .push(`${answer.status} ${spec.method} ${spec.path} ${answer.body.slice(0, 120)}`);
    }
  }
}

await Promise.all(Array.from({ length: plan.connections }, connection));
agent.destroy();
const figures: Record<string, KindFigures> = {};
for (const [kind, values] of latencies) {
  values.sort((a, b) => a - b);
  const at = (p: number) => values[Math.min(values.length - 1, Math.floor(p * values.length))] ?? 0;
  const failed = errors.get(kind)!;
  figures[kind] = {
    count: values.length,
    errors: failed.length,
    overOneSecond: values.filter((v) => v > 1000).length,
    p50: at(0.5),
    p99: at(0.99),
    max: values.at(-1) ?? 0,
    samples: failed.slice(0, 3),
  };
}
process.stdout.write(JSON.stringify(figures));
