import 'dotenv/config';
import cluster from 'node:cluster';
import { isClusterPrimary, runPrimary } from './cluster.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const mb = (bytes: number) => (bytes / 1048576).toFixed(1);

async function serve(config: Config) {
  const started = Date.now();
  // Imported here, not above: a cluster's primary serves nothing and never loads the app.
  const { buildApp } = await import('./app.ts');
  const { checkConnectionBudget } = await import('./db/connection-budget.ts');
  const { shrinkHeapWhenIdle } = await import('./lib/idle-heap-shrink.ts');
  const { app, ctx } = await buildApp(config);
  // A cluster's preparation (cluster.ts) has checked it for all of its workers.
  if (!cluster.isWorker) await checkConnectionBudget(ctx, config, (m) => app.log.warn(m));

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info(`${signal}: shutting down`);
      void app.close().then(() => process.exit(0));
    });
  }

  try {
    await app.listen({ port: config.PORT, host: config.HOST });
    app.log.info(`Spotbook ready at ${config.PUBLIC_URL} in ${Date.now() - started} ms`);
  } catch (error) {
    console.error(`Could not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  shrinkHeapWhenIdle({
    onShrunk: (from, to) =>
      app.log.debug(
        `idle: young generation ${mb(from)} MB, ${mb(to)} MB after a scavenge; ` +
          `resident ${mb(process.memoryUsage.rss())} MB`,
      ),
  });
}

const config = readConfig();
// WORKERS > 1: this process prepares DATA_DIR and forks the workers, which run serve().
await (isClusterPrimary(config) ? runPrimary(config) : serve(config));
