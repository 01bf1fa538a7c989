import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptsGzip } from '../../lib/accepts-gzip.ts';

const gzipAsync = promisify(gzip);

/** A response body built once and kept in memory, with its gzip form beside it. */
export interface Asset {
  body: Buffer;
  gzipped: Buffer;
  contentType: string;
  etag: string;
}

export async function makeAsset(
  body: Buffer | string,
  contentType: string,
  version: string,
): Promise<Asset> {
  const buffer = Buffer.isBuffer(body) ? body : Buffer.from(body);
  // Level 9 once: these bodies never change while the process runs.
  return assetOf(buffer, await gzipAsync(buffer, { level: 9 }), contentType, version);
}

export function assetOf(
  body: Buffer,
  gzipped: Buffer,
  contentType: string,
  version: string,
): Asset {
  return { body, gzipped, contentType, etag: `"${version}-${body.length}"` };
}

/**
 * Sends an asset with a cache lifetime, answering 304 to a matching If-None-Match and
 * sending the pre-compressed body where the client accepts gzip. The Content-Encoding we
 * set makes @fastify/compress leave the body alone instead of compressing it per request.
 */
export function sendAsset(
  request: FastifyRequest,
  reply: FastifyReply,
  asset: Asset,
  maxAge: number,
) {
  reply
    .header(
      'cache-control',
      maxAge > 86400 ? `public, max-age=${maxAge}, immutable` : `public, max-age=${maxAge}`,
    )
    .header('etag', asset.etag)
    .header('vary', 'accept-encoding');
  if (request.headers['if-none-match'] === asset.etag) return reply.code(304).send();
  reply.type(asset.contentType);
  // Small bodies (fonts are already compressed) go as they are.
  if (acceptsGzip(request) && asset.gzipped.length < asset.body.length * 0.9) {
    return reply.header('content-encoding', 'gzip').send(asset.gzipped);
  }
  return reply.send(asset.body);
}

/** Runs `build` once, on first use, and shares the promise (and a failure is retried). */
export function lazy<T>(build: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= build().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}
