import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { serveCommand } from './support/app-server.ts';

/**
 * The node flags and malloc setting `npm run serve` starts the server with: its `node` is
 * swapped for a shell that prints them. The browser tests start the server with
 * serveCommand's copy of them, so the two must agree.
 */
function serveScriptRuns(env: Record<string, string> = {}) {
  const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as {
    scripts: { serve: string };
  };
  const printed = scripts.serve.replace(
    / node /,
    ` sh -c 'printf "%s\\n" "$*" "$MALLOC_ARENA_MAX"' node `,
  );
  const [args, mallocArenas] = execFileSync('sh', ['-c', printed], {
    env: { PATH: process.env.PATH, ...env },
    encoding: 'utf8',
  })
    .trim()
    .split('\n');
  return { args: args!.split(' '), mallocArenas };
}

describe('npm run serve', () => {
  it('starts the server as the browser tests do', () => {
    const { args, options } = serveCommand(3000, '/tmp/unused');
    expect(serveScriptRuns()).toEqual({
      args,
      mallocArenas: options.env.MALLOC_ARENA_MAX,
    });
  });

  it('takes the young generation from SEMI_SPACE_MB', () => {
    expect(serveScriptRuns().args[0]).toBe('--max-semi-space-size=16');
    expect(serveScriptRuns({ SEMI_SPACE_MB: '8' }).args[0]).toBe('--max-semi-space-size=8');
    expect(serveCommand(3000, '/tmp/unused', { SEMI_SPACE_MB: '8' }).args[0]).toBe(
      '--max-semi-space-size=8',
    );
  });
});
