import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './support/api-client.ts';
import { freePort, serveCommand, untilHealthy } from './support/app-server.ts';
import { childPids, commandLine } from './support/processes.ts';

/**
 * `npm run serve` runs server/dist, the server compiled by `npm run build`
 * (server/scripts/build.ts), with plain node. Started here on an empty DATA_DIR, with no
 * place index or basemap copied in, so that the compiled children build them: the place
 * index at start, the basemap on the first map request.
 */
describe('the compiled server', () => {
  let child: ChildProcess;
  let url: string;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'spotbook-compiled-'));
    const command = serveCommand(await freePort(), dataDir);
    url = command.url;
    child = spawn(process.execPath, command.args, command.options);
    await untilHealthy(child, url, 120_000);
  });
  afterAll(() => {
    child?.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs JavaScript without tsx, and builds its place index and basemap itself', async () => {
    expect(existsSync('server/dist/server.js')).toBe(true);
    // WORKERS=1: the process started serves, no cluster. Under tsx it had esbuild's
    // service as a child; compiled, it has none.
    expect(commandLine(child.pid!)).toEqual([process.execPath, ...serveCommand(0, '').args]);
    expect(childPids(child.pid!)).toEqual([]);

    const api = new ApiClient(url);
    await api.register({
      username: 'compiled',
      email: 'compiled@example.test',
      password: 'compiled password',
    });
    const found = await api.get<{ results: { displayName: string }[] }>(
      '/api/places/search/?query=par&kind=city',
    );
    expect(found.results.map((place) => place.displayName)).toContain('Paris');

    const style = await api.get<{ sources: Record<string, { tiles?: string[] }> }>(
      '/api/map/style.json',
    );
    const tiles = Object.values(style.sources).find((source) => source.tiles)?.tiles?.[0];
    expect(tiles).toBeDefined();
    const tile = await fetch(url + tiles!.replace('{z}/{x}/{y}', '2/2/1'));
    expect(tile.status).toBe(200);
    expect((await tile.arrayBuffer()).byteLength).toBeGreaterThan(100);
  });
});
