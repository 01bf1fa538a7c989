import { spawn } from 'node:child_process';

/**
 * A tiny HTTP load generator: `connections` keep-alive connections, each sending its next
 * GET as soon as the previous answer arrives, for `seconds`. It runs in a child process,
 * so the server's process.cpuUsage() counts only the server's own work.
 */
const CLIENT_SOURCE = `
const http = require('node:http');
const { url, headers, connections, durationMs } = JSON.parse(process.argv[1]);
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
let ok = 0, failed = 0;
const latencies = [];
const deadline = Date.now() + durationMs;
const once = () => new Promise((resolve) => {
  const start = process.hrtime.bigint();
  const req = http.get(url, { agent, headers }, (res) => {
    res.resume();
    res.on('end', () => {
      if (res.statusCode === 200) ok++; else failed++;
      latencies.push(Number(process.hrtime.bigint() - start) / 1e6);
      resolve();
    });
  });
  req.on('error', () => { failed++; resolve(); });
});
const loop = async () => { while (Date.now() < deadline) await once(); };
Promise.all(Array.from({ length: connections }, loop)).then(() => {
  latencies.sort((a, b) => a - b);
  const at = (p) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
  agent.destroy();
  process.stdout.write(JSON.stringify({ ok, failed, p50: at(0.5), p99: at(0.99) }));
});
`;

export interface LoadResult {
  requestsPerSecond: number;
  /** CPU time this (server) process spent per answered request, in ms */
  serverCpuMs: number;
  ok: number;
  failed: number;
  p50: number;
  p99: number;
}

export async function runLoad(options: {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  seconds: number;
}): Promise<LoadResult> {
  const settings = JSON.stringify({
    url: options.url,
    headers: options.headers ?? {},
    connections: options.connections,
    durationMs: options.seconds * 1000,
  });
  const cpuBefore = process.cpuUsage();
  const child = spawn(process.execPath, ['-e', CLIENT_SOURCE, settings], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const cpu = process.cpuUsage(cpuBefore);
  if (code !== 0) throw new Error(`load generator exited with ${code}`);
  const r = JSON.parse(output) as Omit<LoadResult, 'requestsPerSecond' | 'serverCpuMs'>;
  return {
    ...r,
    requestsPerSecond: r.ok / options.seconds,
    serverCpuMs: (cpu.user + cpu.system) / 1000 / Math.max(1, r.ok + r.failed),
  };
}
