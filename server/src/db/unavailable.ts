/**
 * A failure of the database itself rather than of the request: PostgreSQL refusing a
 * connection (too many clients, starting up, shutting down), a connection refused or cut,
 * a query ended by a time limit the deployer set or by a deadlock, or SQLite's write lock
 * still held by another process after the busy timeout. The request may well succeed a
 * moment later, so it is answered 503 with a Retry-After, not 500 (plugins/errors.ts).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = 'code' in error ? String(error.code) : '';
  // SQLSTATE class 08: connection exception; 53: insufficient resources (53300 too many
  // connections); 57P01–57P03: shut down by an administrator, by a crash, cannot connect now.
  if (/^(08|53)[0-9A-Z]{3}$/.test(code) || /^57P0[123]$/.test(code)) return true;
  // Out of time or beaten to a lock: 57014 a statement_timeout (or an administrator's
  // cancel), 55P03 a lock_timeout, 40001 a serialization failure, 40P01 a deadlock.
  if (['57014', '55P03', '40001', '40P01'].includes(code)) return true;
  if (code === 'ECONNREFUSED' || code === 'ECONNRESET') return true;
  if (code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_')) return true;
  // node-postgres's own words for a connection that closed under a query.
  const message = error instanceof Error ? error.message : '';
  return message === 'Connection terminated unexpectedly' || message === 'Connection terminated';
}
