import zlib from 'node:zlib';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyCompress from '@fastify/compress';
import fastifyCors from '@fastify/cors';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import {
  databaseLocation,
  migrateToLatest,
  openDatabase,
  sqliteFile,
  type DatabaseHandle,
} from './db/connection.ts';
import { checkpointsInThread } from './db/wal-checkpoints.ts';
import { sessionSecret } from './lib/secrets.ts';
import { withLogRedaction } from './lib/log-redaction.ts';
import { registerCsrf } from './plugins/csrf.ts';
import { frameworkErrors, registerErrorHandling } from './plugins/errors.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { registerPendingSessionCheck } from './plugins/pending-session.ts';
import { registerMultipart } from './plugins/multipart.ts';
import { createMailer, type Mailer } from './plugins/mail.ts';
import { docsPolicy, registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerSessions } from './plugins/session.ts';
import { trustProxyOption } from './plugins/trust-proxy.ts';
import { Throttle } from './plugins/throttle.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { authRoutes } from './features/auth/routes.ts';
import { systemRoutes } from './features/system/routes.ts';
import { scheduleHousekeeping } from './features/system/housekeeping.ts';
import { createPlacesProvider, type PlacesProvider } from './features/places/provider.ts';
import { placeRoutes } from './features/places/routes.ts';
import { createBasemap } from './features/basemap/basemap.ts';
import { PictureService } from './features/pictures/picture-service.ts';
import { basemapRoutes } from './features/basemap/routes.ts';
import { cachedListAnswer } from './features/lists/list-answer-cache.ts';
import { renewListsAfterWrites } from './features/lists/list-answer-renewal.ts';
import { listRoutes } from './features/lists/routes.ts';
import { savedListRoutes } from './features/lists/saved-list-routes.ts';
import { listReviewRoutes } from './features/lists/list-review-routes.ts';
import { listPageRoute } from './features/lists/preview/page-route.ts';
import { reviewRoutes } from './features/reviews/routes.ts';
import { photoRoutes } from './features/photos/routes.ts';
import { importRoutes } from './features/imports/routes.ts';
import { locationPictureRoutes } from './features/pictures/location-route.ts';
import { forReviewRoutes } from './features/reviews/for-review-routes.ts';
import { exportRoutes } from './features/exports/routes.ts';
import { ensureExampleLists } from './features/lists/examples/seed.ts';

export interface BuildOptions {
  /** an already-open database (tests share one per file); opened from config otherwise */
  database?: DatabaseHandle;
  mailer?: Mailer;
  /** a places provider (tests share one prebuilt embedded index); created from config otherwise */
  places?: PlacesProvider;
  logger?: FastifyServerOptions['logger'];
  /** sees every route as it is added (the authorization matrix test checks each has a row) */
  onRoute?: (route: { method: string | string[]; url: string }) => void;
}

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
}

/**
 * The whole server as one Fastify instance, separate from listening (server.ts):
 * infrastructure first (errors, cookies, CSRF, sessions, docs), then the feature routes,
 * then the web app with its client-side routing fallback.
 */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger: withLogRedaction(options.logger ?? { level: config.LOG_LEVEL }),
    bodyLimit: 1024 * 1024,
    // Only proxies the deployer names may set the client address (X-Forwarded-For).
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
    frameworkErrors: (error, request, reply) => void frameworkErrors(error, request, reply),
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  const location = databaseLocation(config);
  const database =
    options.database ??
    openDatabase({
      ...location,
      poolSize: config.DATABASE_POOL_SIZE,
      onIdleConnectionLost: (error) =>
        app.log.warn(
          { err: error },
          'an idle PostgreSQL connection was lost; the pool opens another',
        ),
    });
  if (!options.database) app.addHook('onClose', () => database.close());
  if (!options.database && database.dialect === 'sqlite') {
    const checkpoints = checkpointsInThread(sqliteFile(config.DATA_DIR));
    app.addHook('onClose', () => checkpoints.close());
  }
  await migrateToLatest(database.db);

  const basemap = createBasemap(config.DATA_DIR);
  const ctx: AppContext = {
    config,
    db: database.db,
    dialect: database.dialect,
    mailer: options.mailer ?? createMailer(config, app.log),
    throttle: new Throttle(database.db),
    places: options.places ?? createPlacesProvider(config, { log: (m) => app.log.info(m) }),
    basemap,
    pictures: new PictureService({ basemap, dataDir: config.DATA_DIR }),
    // Per app instance: each one has its own database (tests run several in one process).
    listAnswers: cachedListAnswer(database.db, { database: location }),
  };
  if (!options.places) app.addHook('onClose', async () => ctx.places.close());
  app.addHook('onClose', () => ctx.basemap.close());
  app.addHook('onClose', () => ctx.pictures.close());
  app.addHook('onClose', () => ctx.listAnswers.close());
  scheduleHousekeeping(app, ctx.db);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  // Before the input guard's check of a body: a 403 comes before a 400 (pending-session.ts).
  registerPendingSessionCheck(app);
  registerInputGuard(app);
  await app.register(fastifyCookie, {
    secret: sessionSecret(config.DATA_DIR, config.SESSION_SECRET),
  });
  // Answers up to 64 KB (a gallery page is ~11 KB, the filter options up to ~50 KB) are
  // compressed in one call: on 2 cores the library's default streams anything over 8 KB
  // through a zlib stream, whose setup cost more than the compression (decision 023,
  // "Compression in one call").
  // Brotli at quality 2, not the library's 4: a gallery page and the filter options come
  // out 4 % and 0.4 % larger for 57 % and 54 % of the CPU (decision 023, "Brotli at
  // quality 2").
  await app.register(fastifyCompress, {
    threshold: 2048,
    syncThreshold: 64 * 1024,
    brotliOptions: {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: 2,
      },
    },
  });
  registerSecurityHeaders(app, config);
  if (config.CORS_ORIGINS.length) {
    await app.register(fastifyCors, { origin: config.CORS_ORIGINS, credentials: true });
  }
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Spotbook API', version: '1.0.0', description: 'Spots, lists and sharing.' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'sessionid' },
          csrf: { type: 'apiKey', in: 'header', name: 'X-CSRFToken' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    transformStaticCSP: docsPolicy, // swagger-ui needs inline styles
  });
  await registerMultipart(app);
  registerCsrf(app, config);
  registerSessions(app, ctx.db);
  renewListsAfterWrites(app, ctx.listAnswers);

  await app.register(systemRoutes, { prefix: '/api', ctx });
  await app.register(authRoutes, { prefix: '/api/user', ctx });
  await app.register(placeRoutes, { prefix: '/api/places', ctx });
  await app.register(basemapRoutes, { basemap: ctx.basemap });
  await app.register(listRoutes, { prefix: '/api/lists', ctx });
  await app.register(savedListRoutes, { prefix: '/api/saved_lists', ctx });
  await app.register(listReviewRoutes, { prefix: '/api/list_reviews', ctx });
  await app.register(reviewRoutes, { prefix: '/api/reviews', ctx });
  await app.register(forReviewRoutes, { prefix: '/api/list_reviews', ctx });
  await app.register(exportRoutes, { prefix: '/api/exports', ctx });
  await app.register(photoRoutes, { prefix: '/api', ctx });
  await app.register(importRoutes, { prefix: '/api/imports', ctx });
  await app.register(locationPictureRoutes, { prefix: '/api/pictures', ctx });
  await app.register(listPageRoute, { ctx });
  await ensureExampleLists(ctx, app.log);
  await registerWebApp(app);
  return { app, ctx };
}
