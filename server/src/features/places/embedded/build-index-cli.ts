/**
 * Child-process entry that builds the index file; openPlacesIndex runs it. The build
 * reads ~135k records and peaks near 400 MB of heap: in its own process that memory
 * goes back to the system when it exits, instead of staying in the server's RSS.
 * Usage: node --import tsx build-index-cli.ts '{"file": …, "fingerprint": …}'
 */
import { buildPlacesIndexFile } from './build-index.ts';

const args = JSON.parse(process.argv[2] ?? '{}') as {
  file: string;
  fingerprint: string;
  landmarksDir?: string;
};
const report = buildPlacesIndexFile(args.file, args);
process.stdout.write(JSON.stringify(report));
