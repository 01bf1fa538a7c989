/**
 * Issue 12's import figure: a generated 5,000-place Google Takeout `Saved Places.json`
 * uploaded to the real server (started as `npm run serve` starts it, embedded places),
 * matched in the background and confirmed. Prints the time of each phase and the peak
 * resident memory of the server's processes above their idle level.
 * Targets: parse + match + confirm under 20 s, under 100 MB above idle.
 * Polls GET /api/imports/{id}/ every 700 ms as the web page does (POLL_MS to change).
 * Usage: npx tsx bench/import.ts [places=5000]
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Import, ImportSummary } from '@spotbook/contract';
import { keepSetCookies } from '../e2e/support/api-client.ts';
import { dataDirWithPlaces, freePort, startAppProcess } from './app-process.ts';
import { runScript } from './child-processes.ts';
import { processMemoryMb } from './proc-status.ts';
import { freshSchemaUrl } from '../server/test/postgres.ts';

const PLACES = Number(process.argv[2] ?? 5000);

/** Clock ticks per second of /proc/<pid>/stat's CPU times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * Resident memory (MB) and CPU time used so far (s) of every process in the server's
 * process group (cluster primary + worker). CPU time is what the import cost the server
 * whatever the machine's load: on a shared 2-core machine the wall times stretch.
 */
function groupUsage(groupId: number): { rssMb: number; cpuS: number } {
  let rssMb = 0;
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== groupId) continue; // pgrp
      ticks += Number(fields[11]) + Number(fields[12]); // utime + stime
      rssMb += processMemoryMb(Number(pid));
    } catch {
      // the process ended between the listing and the read
    }
  }
  return { rssMb, cpuS: ticks / TICKS_PER_SECOND };
}

const groupRssMb = (groupId: number) => groupUsage(groupId).rssMb;

/**
 * A Takeout file as people have them: a third are landmarks the embedded index knows (their
 * name, a few metres off), a third are pins of their own (a name no place has), a third have
 * only a name and a `?cid=` URL with no coordinates (searched by name).
 */
function takeoutFile(dataDir: string): string {
  const index = readdirSync(dataDir).find((f) => /^places-index.*\.sqlite$/.test(f))!;
  const db = new Database(path.join(dataDir, index), { readonly: true });
  const landmarks = db
    .prepare("select name, lat, lng from places where id like 'lm:%' order by id")
    .all() as { name: string; lat: number; lng: number }[];
  db.close();
  const features = Array.from({ length: PLACES }, (_, i) => {
    const landmark = landmarks[i % landmarks.length]!;
    const kind = i % 3;
    const lat = kind === 0 ? landmark.lat + 0.0003 : 40 + (i % 997) / 100;
    const lng = kind === 0 ? landmark.lng - 0.0002 : -3 + (i % 991) / 100;
    const name = kind === 1 ? `My place number ${i}` : landmark.name;
    const coordinates = kind === 2 ? [0, 0] : [lng, lat];
    return {
      type: 'Feature',
      geometry: { type: 'Point', coordinates },
      properties: {
        'Google Maps URL':
          kind === 2
            ? `http://maps.google.com/?cid=${1_000_000 + i}`
            : `http://maps.google.com/?q=${lat},${lng}`,
        Title: name,
        Location: { 'Business Name': name, Address: `${i} Some Street` },
        ...(i % 5 === 0 ? { Comment: `Note ${i}: café crème ☕` } : {}),
      },
    };
  });
  return JSON.stringify({ type: 'FeatureCollection', features });
}

async function main(): Promise<number> {
  const dataDir = dataDirWithPlaces('spotbook-import-bench-');
  // BENCH_PG=1: on PostgreSQL (a fresh schema of the local `test` database) instead of SQLite.
  const env = process.env.BENCH_PG
    ? { DATABASE_URL: await freshSchemaUrl('postgres://postgres@127.0.0.1:5432/test') }
    : undefined;
  const app = await startAppProcess({ port: await freePort(), dataDir, env });
  try {
    const cookies = new Map<string, string>();
    const call = async <T>(method: string, url: string, body?: BodyInit, type?: string) => {
      const response = await fetch(app.url + url, {
        method,
        body,
        headers: {
          cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          'x-csrftoken': cookies.get('csrftoken') ?? '',
          ...(type ? { 'content-type': type } : {}),
        },
      });
      keepSetCookies(cookies, response);
      const text = await response.text();
      if (response.status >= 400) throw new Error(`${method} ${url}: ${response.status} ${text}`);
      return JSON.parse(text || 'null') as T;
    };
    await call('GET', '/api/user/session/');
    const name = `bench${Date.now().toString(36)}`;
    const account = { username: name, email: `${name}@example.test`, password: 'bench password 1' };
    await call('POST', '/api/user/register/', JSON.stringify(account), 'application/json');

    const file = takeoutFile(dataDir);
    await new Promise((r) => setTimeout(r, 2000)); // let start-up garbage settle
    const idle = groupRssMb(app.pid);
    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, groupRssMb(app.pid))), 25);

    const cpuBefore = groupUsage(app.pid).cpuS;
    const form = new FormData();
    form.append('file', new Blob([file], { type: 'application/json' }), 'Saved Places.json');
    const started = performance.now();
    const created = await call<Import>('POST', '/api/imports/', form);
    const uploaded = performance.now();
    let job = created;
    while (job.status === 'matching' || job.status === 'parsing') {
      await new Promise((r) => setTimeout(r, Number(process.env.POLL_MS ?? 700)));
      job = await call<Import>('GET', `/api/imports/${created.id}/`);
    }
    const matched = performance.now();
    if (job.status !== 'ready') throw new Error(`import ${job.status}: ${job.detail}`);
    const summary = await call<ImportSummary>(
      'POST',
      `/api/imports/${created.id}/confirm/`,
      '{}',
      'application/json',
    );
    const confirmed = performance.now();
    clearInterval(sampler);
    peak = Math.max(peak, groupRssMb(app.pid));
    const cpu = groupUsage(app.pid).cpuS - cpuBefore;

    const states = { provider: 0, pin: 0, unmatched: 0 };
    for (const row of job.rows) {
      if (!row.match) states.unmatched++;
      else if (row.match.id.startsWith('custom:')) states.pin++;
      else states.provider++;
    }
    const s = (a: number, b: number) => `${((b - a) / 1000).toFixed(2)} s`;
    console.log(
      `import of ${PLACES} places (${(file.length / 1e6).toFixed(1)} MB Takeout JSON), embedded provider, ${env ? 'PostgreSQL' : 'SQLite'}`,
    );
    console.log(`  upload + parse (201):   ${s(started, uploaded)}`);
    console.log(`  matching (background):  ${s(uploaded, matched)}`);
    console.log(`  confirm:                ${s(matched, confirmed)}`);
    console.log(`  total:                  ${s(started, confirmed)}   (target < 20 s)`);
    console.log(`  server CPU time:        ${cpu.toFixed(2)} s   (user + system, all phases)`);
    console.log(
      `  rows: ${JSON.stringify(states)}; summary: created ${summary.created}, already had ${summary.already_had}, skipped ${summary.skipped}`,
    );
    console.log(
      `  server RSS: idle ${idle.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, +${(peak - idle).toFixed(0)} MB   (target < 100 MB)`,
    );
    const ok = confirmed - started < 20_000 && peak - idle < 100;
    return ok ? 0 : 1;
  } finally {
    await app.stop();
  }
}

runScript(main);
