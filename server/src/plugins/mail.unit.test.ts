import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.ts';
import { createMailer } from './mail.ts';

describe('mailer without SMTP_URL', () => {
  it('saves each mail as a complete .eml file under DATA_DIR/outbox and logs it', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'spotbook-mail-'));
    const log = { info: vi.fn() };
    const mailer = createMailer(loadConfig({ DATA_DIR: dataDir }), log as never);
    await mailer.send({
      to: 'ada@example.test',
      subject: 'Hello',
      text: 'plain part',
      html: '<p>html part</p>',
    });
    const [file] = readdirSync(path.join(dataDir, 'outbox'));
    expect(file).toMatch(/\.eml$/);
    const eml = readFileSync(path.join(dataDir, 'outbox', file!), 'utf8');
    expect(eml).toMatch(/^To: ada@example\.test/m);
    expect(eml).toMatch(/Content-Type: text\/plain/);
    expect(eml).toMatch(/Content-Type: text\/html/);
    expect(log.info).toHaveBeenCalledOnce();
  });
});
