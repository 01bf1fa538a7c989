import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';

/**
 * TRUST_PROXY as Fastify's trustProxy option. Addresses and CIDRs go through as they are.
 * A hop count becomes a function trusting that many hops, as Express does: Fastify 5
 * no longer accepts a number, because a client that reaches the server directly could
 * then claim any address. That holds here only when the port is reachable through the
 * proxy alone (HOST=127.0.0.1, the default, behind a local nginx); the README says so
 * and recommends proxy addresses otherwise.
 */
export function trustProxyOption(
  setting: Config['TRUST_PROXY'],
): FastifyServerOptions['trustProxy'] {
  if (typeof setting !== 'number') return setting;
  const hops = setting;
  return (_address: string, hop: number) => hop < hops;
}
