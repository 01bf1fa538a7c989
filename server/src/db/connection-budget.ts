import { sql } from 'kysely';
import type { Config } from '../config.ts';
import type { Db, DialectName } from './connection.ts';

/**
 * Connections a server process keeps besides its pool: its list build thread's own
 * (features/lists/list-answer-cache.ts), while the thread lives. Builds run one at a time.
 */
export const LIST_BUILD_CONNECTIONS = 1;

/** What a server may open, and what PostgreSQL lets clients like it open. */
export interface ConnectionBudget {
  /** server processes (WORKERS) */
  processes: number;
  /** connections each keeps at most (DATABASE_POOL_SIZE) */
  poolSize: number;
  /** max_connections less the slots PostgreSQL keeps for superusers and reserved roles */
  allowed: number;
}

/**
 * The warning a deployer needs when one server alone may open more connections than
 * PostgreSQL accepts: one worker per core by default, 11 connections each (the pool's 10
 * and the list build thread's), is 176 on a 16-core machine against PostgreSQL's default
 * of 100. Past the limit, PostgreSQL refuses
 * the pool's next connection and the request that needed it fails; a warning at start says
 * so before the first busy hour does. Other app servers on the same database count too, but
 * this server cannot see them.
 */
export function connectionBudgetWarning(budget: ConnectionBudget): string | undefined {
  const wanted = budget.processes * (budget.poolSize + LIST_BUILD_CONNECTIONS);
  if (wanted <= budget.allowed) return undefined;
  const processes = `${budget.processes} server process${budget.processes === 1 ? '' : 'es'}`;
  return (
    `PostgreSQL accepts ${budget.allowed} connections, but ${processes} × (DATABASE_POOL_SIZE ` +
    `${budget.poolSize} + ${LIST_BUILD_CONNECTIONS} for building lists) may open ${wanted}: ` +
    `lower WORKERS or DATABASE_POOL_SIZE, or raise PostgreSQL's max_connections.`
  );
}

/**
 * The connections PostgreSQL accepts from a role without special privileges:
 * max_connections less superuser_reserved_connections and, from PostgreSQL 16,
 * reserved_connections (missing before: read as 0).
 */
export async function connectionsAllowed(db: Db): Promise<number> {
  const { rows } = await sql<{ max: string; superuser: string; reserved: string | null }>`select
    current_setting('max_connections') as max,
    current_setting('superuser_reserved_connections') as superuser,
    current_setting('reserved_connections', true) as reserved`.execute(db);
  const row = rows[0]!;
  return Number(row.max) - Number(row.superuser) - Number(row.reserved ?? 0);
}

/** Warns through `warn` at start when this server's pools could outgrow PostgreSQL's limit. */
export async function checkConnectionBudget(
  database: { db: Db; dialect: DialectName },
  config: Pick<Config, 'WORKERS' | 'DATABASE_POOL_SIZE'>,
  warn: (message: string) => void,
): Promise<void> {
  if (database.dialect !== 'postgres') return;
  const warning = connectionBudgetWarning({
    processes: config.WORKERS,
    poolSize: config.DATABASE_POOL_SIZE,
    allowed: await connectionsAllowed(database.db),
  });
  if (warning) warn(warning);
}
