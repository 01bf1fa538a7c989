import { describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES, type Import } from '@spotbook/contract';
import { useTestApp } from '../../../test/helper.ts';
import type { ParsedRow } from './formats/index.ts';
import { MAX_ATTEMPTS } from './job.ts';
import { insertImport } from './repository.ts';
import { importJobsOf } from './routes.ts';

const row = (name: string, lat: number | null): ParsedRow => ({
  name,
  list_name: null,
  note: '',
  lat,
  lng: lat === null ? null : 2.3,
  source_url: '',
  address: '',
  category: null,
  rating: null,
  visited: null,
  place_id: null,
  problem: null,
});

/**
 * A job whose server went away mid-way (its rows stored, its lease run out) is taken up by
 * the next server that looks, from where it stopped; one that keeps dying fails, saying so.
 */
describe('import jobs after a server restart', () => {
  const { t, alice } = useTestApp({ users: ['alice'] });
  const jobs = () => importJobsOf(t.ctx)!;

  it('resumes an abandoned job from its first unmatched row', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => row(`Place ${i}`, 48 + i / 1000));
    const id = await insertImport(t.ctx.db, {
      userId: alice.id,
      source: 'abandoned.json',
      file: { format: 'geojson', rows },
    });
    // As a dead server leaves it: 50 rows matched, lease long expired.
    await t.ctx.db
      .updateTable('import_rows')
      .set({ matched: 1, problem: 'matched before the restart' })
      .where('import_id', '=', id)
      .where('idx', '<', 50)
      .execute();
    await t.ctx.db
      .updateTable('imports')
      .set({ done: 50, attempts: 1, lease_until: Date.now() - 1 })
      .where('id', '=', id)
      .execute();

    await jobs().recover();
    await jobs().idle();
    const job = (await alice.client.get(`/api/imports/${id}/`)).json<Import>();
    expect(job).toMatchObject({ status: 'ready', progress: { done: 120, total: 120 } });
    expect(job.rows[0]!.problem).toBe('matched before the restart');
    expect(job.rows[119]!.match).not.toBeNull();
  });

  it('leaves a job alone while another server holds its lease', async () => {
    const id = await insertImport(t.ctx.db, {
      userId: alice.id,
      source: 'held.json',
      file: { format: 'geojson', rows: [row('Held', 48)] },
    });
    await t.ctx.db
      .updateTable('imports')
      .set({ attempts: 1, lease_until: Date.now() + 60_000 })
      .where('id', '=', id)
      .execute();
    await jobs().recover();
    await jobs().idle();
    const job = (await alice.client.get(`/api/imports/${id}/`)).json<Import>();
    expect(job).toMatchObject({ status: 'matching', progress: { done: 0 } });
  });

  it(`fails a job that died ${MAX_ATTEMPTS} times, with a detail`, async () => {
    const id = await insertImport(t.ctx.db, {
      userId: alice.id,
      source: 'cursed.json',
      file: { format: 'geojson', rows: [row('Cursed', null)] },
    });
    await t.ctx.db
      .updateTable('imports')
      .set({ attempts: MAX_ATTEMPTS, lease_until: Date.now() - 1 })
      .where('id', '=', id)
      .execute();
    await jobs().recover();
    const job = (await alice.client.get(`/api/imports/${id}/`)).json<Import>();
    expect(job).toMatchObject({ status: 'failed', detail: IMPORT_MESSAGES.matchingStopped });
    const confirm = await alice.client.post(`/api/imports/${id}/confirm/`, {});
    expect(confirm.json()).toEqual({ detail: IMPORT_MESSAGES.failed });
  });
});
