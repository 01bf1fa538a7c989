import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { onCleanup, signalGroup, spawnGroup } from './child-processes.ts';

const NGINX = '/usr/sbin/nginx';

/** Debian's nginx, installed when missing (the bench machine is Debian and we are root). */
export function ensureNginx(): void {
  if (existsSync(NGINX)) return;
  console.log('nginx is missing: apt-get install -y nginx');
  const install = () =>
    spawnSync('apt-get', ['install', '-y', 'nginx'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  if (install().status !== 0) {
    spawnSync('apt-get', ['update'], { stdio: 'inherit' });
    if (install().status !== 0 || !existsSync(NGINX)) throw new Error('could not install nginx');
  }
}

/**
 * The load balancer of the README's "Deploying on PostgreSQL": one loopback port in
 * front of the app servers. A request that meets a dead server before it was sent (the
 * connection is refused) goes to the next one whatever its method; one already sent to a
 * server that then died is retried only when idempotent (nginx never resends a POST or
 * PATCH that may have been acted on). X-Upstream says which server(s) a request met.
 */
function config(dir: string, port: number, upstreams: number[], keepalive: number): string {
  const temp = (name: string) => path.join(dir, name);
  return `
${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes 1;
daemon off;
master_process on;
pid ${temp('nginx.pid')};
error_log ${temp('error.log')} warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${temp('client_body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  upstream spotbook {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n')}
${keepalive ? `    keepalive ${keepalive};` : ''}
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://spotbook;
      proxy_next_upstream error timeout;
      proxy_connect_timeout 2s;
      proxy_read_timeout 30s;
      proxy_set_header Host $host;
${keepalive ? '      proxy_http_version 1.1;\n      proxy_set_header Connection "";' : ''}
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
}

export interface NginxProxy {
  url: string;
  errorLog(): string;
  /** fast shutdown through the master, which reaps its workers (SIGKILL after 5 s) */
  stop(): Promise<void>;
}

/**
 * nginx as a child of this script, its config, pid, logs and temp files in a temp dir.
 * `keepalive`: idle connections to the app servers nginx keeps open (the README's
 * configuration); 0, nginx's default, opens a connection to an app server per request.
 */
export async function startNginx(
  port: number,
  upstreams: number[],
  { keepalive = 0 }: { keepalive?: number } = {},
): Promise<NginxProxy> {
  ensureNginx();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'spotbook-nginx-'));
  onCleanup(async () => rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'nginx.conf');
  writeFileSync(file, config(dir, port, upstreams, keepalive));
  const errorLog = () => {
    const log = path.join(dir, 'error.log');
    return existsSync(log) ? readFileSync(log, 'utf8') : '';
  };
  let output = '';
  const child = spawnGroup(NGINX, ['-p', dir, '-c', file, '-e', path.join(dir, 'error.log')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited:\n${output}${errorLog()}`);
    const up = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (i > 100) throw new Error(`nginx did not answer:\n${output}${errorLog()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    errorLog,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      signalGroup(child, 'SIGKILL');
    },
  };
}
