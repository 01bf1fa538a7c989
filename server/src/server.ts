import 'dotenv/config';
import { buildApp } from './app.ts';
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

const config = readConfig();
const started = Date.now();
const { app } = await buildApp(config);

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
