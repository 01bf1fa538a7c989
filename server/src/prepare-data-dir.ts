import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { checkConnectionBudget } from './db/connection-budget.ts';

/**
 * A cluster's work done once before any worker starts, so workers never race over it: the
 * session secret file, migrations, the embedded places index, the example lists and the
 * offline basemap file. Building the app does all of it; the app is closed again without
 * listening. The primary runs this as a process of its own that exits when done, so the
 * primary, which serves nothing, never holds the app's modules and caches (cluster.ts).
 */
const log = (message: string) => console.log(`[spotbook preparation ${process.pid}] ${message}`);

// The primary stopped (or died) meanwhile: nothing waits for this any more.
process.once('disconnect', () => process.exit(1));

const config = loadConfig();
const { app, ctx } = await buildApp({ ...config, LOG_LEVEL: 'warn' });
await checkConnectionBudget(ctx, config, (warning) => log(`warning: ${warning}`));
await ctx.basemap.ready();
await app.close();
process.exit(0);
