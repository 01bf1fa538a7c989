import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { randomToken } from '../lib/tokens.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * SMTP_URL set: real delivery through nodemailer. Unset: the message is rendered to a
 * complete .eml file under DATA_DIR/outbox/ and logged, so a local install needs no mail
 * server and a developer can still open the reset link.
 */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport(config.SMTP_URL);
    return {
      async send(mail) {
        await transport.sendMail({ from: config.MAIL_FROM, ...mail });
      },
    };
  }
  const outbox = path.join(config.DATA_DIR, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: config.MAIL_FROM, ...mail });
      mkdirSync(outbox, { recursive: true });
      const file = path.join(outbox, `${Date.now()}-${randomToken(6)}.eml`);
      writeFileSync(file, info.message as Buffer);
      log.info({ to: mail.to, subject: mail.subject, file }, `mail saved to outbox:\n${mail.text}`);
    },
  };
}
