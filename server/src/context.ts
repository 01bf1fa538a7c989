import type { Config } from './config.ts';
import type { Db, DialectName } from './db/connection.ts';
import type { Mailer } from './plugins/mail.ts';
import type { Throttle } from './plugins/throttle.ts';
import type { Basemap } from './features/basemap/basemap.ts';
import type { ListAnswers } from './features/lists/list-answer-cache.ts';
import type { PictureService } from './features/pictures/picture-service.ts';
import type { PlacesProvider } from './features/places/provider.ts';

/** What route modules need from the app, passed explicitly as plugin options. */
export interface AppContext {
  config: Config;
  db: Db;
  dialect: DialectName;
  mailer: Mailer;
  throttle: Throttle;
  /** the places provider chosen by PLACES_PROVIDER (embedded index by default) */
  places: PlacesProvider;
  /** the offline basemap's tiles and picture data, built in DATA_DIR on first use */
  basemap: Basemap;
  /** drawn pictures (list cards, map pictures): a worker pool and a cache, per app */
  pictures: PictureService;
  /** lists' answers, kept per version and built big in a thread: per app */
  listAnswers: ListAnswers;
}

export interface RouteOptions {
  ctx: AppContext;
}
