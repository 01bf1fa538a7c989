import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomToken } from './tokens.ts';

/**
 * SESSION_SECRET when set; otherwise one generated at first start and kept in DATA_DIR,
 * so sessions survive restarts of a single server without any setup.
 */
export function sessionSecret(dataDir: string, configured?: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomToken(48);
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}
