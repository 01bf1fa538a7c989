/**
 * The baseline of bench/mixed-load.ts: a bare Fastify route answering a gallery page's
 * JSON from memory (no session, no database), in a process of its own like the app.
 *
 *   npx tsx bench/bare-route-server.ts <port> <file holding the JSON>
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [port, file] = process.argv.slice(2);
const body = readFileSync(file!, 'utf8');
const app = Fastify();
app.get('/bare', (_request, reply) => reply.type('application/json').send(body));
await app.listen({ port: Number(port), host: '127.0.0.1' });
console.log('ready');
