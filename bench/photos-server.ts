/**
 * bench/photos.ts's server figure: the memory of the real server process (started as
 * `npm run serve` starts it, one worker) while it takes uploads of a 12-megapixel photo
 * over HTTP — multipart parsing, processing, storing — against the same process idle.
 * The peak is the kernel's high-water mark of the process (VmHWM), reset once the server
 * is warm (signed up, a spot made), so it is the uploads' peak and nothing before them.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dataDirWithPlaces, freePort, startAppProcess } from './app-process.ts';
import { processMemoryMb } from './proc-status.ts';

/**
 * CPU time the process (all its threads) has used, in ms: /proc/PID/stat's utime + stime,
 * in clock ticks of 10 ms. Unlike wall time, not stretched by other jobs on the machine.
 */
function cpuMs(pid: number) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** A browser's cookie jar and CSRF header, enough for sign-up and uploads. */
function session(base: string) {
  const jar = new Map<string, string>();
  return async (method: string, path: string, body?: unknown) => {
    if (method !== 'GET' && !jar.has('csrftoken'))
      await fetch(`${base}/api/user/session/`).then(keep);
    const headers: Record<string, string> = {
      cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-csrftoken': jar.get('csrftoken') ?? '',
    };
    let payload: FormData | string | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetch(`${base}${path}`, { method, headers, body: payload });
    keep(response);
    if (!response.ok)
      throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<Record<string, unknown>>;
  };
  function keep(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  }
}

interface ServerUploadFigures {
  idleMb: number;
  peakMb: number;
  uploadMs: number[];
  /** the server's CPU time per upload, ms (all threads: parsing, sharp, the database) */
  cpuMsPerUpload: number;
}

/** `uploads` uploads of `photo`, one after another, to a fresh server with `env` added. */
export async function serverUploadPeak(
  photo: Buffer,
  env: Record<string, string>,
  uploads = 10,
): Promise<ServerUploadFigures> {
  const app = await startAppProcess({
    port: await freePort(),
    dataDir: dataDirWithPlaces('spotbook-bench-photo-server-'),
    env: { EXAMPLE_LISTS: '0', ...env },
  });
  try {
    const call = session(app.url);
    const name = `photos${Date.now().toString(36)}`;
    await call('POST', '/api/user/register/', {
      username: name,
      email: `${name}@example.test`,
      password: 'correct horse battery',
    });
    const { results } = (await call('GET', '/api/places/search/?query=paris&kind=city')) as {
      results: { id: string }[];
    };
    const spot = await call('POST', '/api/reviews/create-place-review/', {
      place: { id: results[0]!.id },
      review: { review: '', rating: 0, visited: false },
    });
    await new Promise((r) => setTimeout(r, 2000)); // settled, as an idle server is
    const idleMb = processMemoryMb(app.pid);
    writeFileSync(`/proc/${app.pid}/clear_refs`, '5'); // VmHWM := VmRSS
    const uploadMs: number[] = [];
    const cpuBefore = cpuMs(app.pid);
    for (let i = 0; i < uploads; i++) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'phone.jpg');
      const started = performance.now();
      await call('POST', `/api/reviews/review/${String(spot.id)}/photos/`, form);
      uploadMs.push(performance.now() - started);
    }
    const cpuMsPerUpload = (cpuMs(app.pid) - cpuBefore) / uploads;
    return { idleMb, peakMb: processMemoryMb(app.pid, 'VmHWM'), uploadMs, cpuMsPerUpload };
  } finally {
    await app.stop();
  }
}
