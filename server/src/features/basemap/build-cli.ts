/** `node --import tsx build-cli.ts <dir>`: the basemap build, run in a child process. */
import { buildBasemapFiles } from './build-files.ts';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: build-cli.ts <dir>');
  process.exit(2);
}
await buildBasemapFiles(dir);
