import type { Config } from './config.ts';
import type { Db, DialectName } from './db/connection.ts';
import type { Mailer } from './plugins/mail.ts';
import type { Throttle } from './plugins/throttle.ts';

/** What route modules need from the app, passed explicitly as plugin options. */
export interface AppContext {
  config: Config;
  db: Db;
  dialect: DialectName;
  mailer: Mailer;
  throttle: Throttle;
}

export interface RouteOptions {
  ctx: AppContext;
}
