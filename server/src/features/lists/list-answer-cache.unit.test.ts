import { describe, expect, it, vi } from 'vitest';
import { keptPerVersion } from './list-answer-cache.ts';
import type { ListRecord } from './repository.ts';

const list = (id: number, version: number): ListRecord => ({
  id,
  user_id: 1,
  name: `List ${id}`,
  description: '',
  shareable_by_link: 1,
  slug: `ada-list-${id}`,
  owner_username: 'ada',
  spot_count: 0,
  version,
});

/** A builder that counts its builds and finishes each only when told to. */
function slowBuilder() {
  const builds: { list: ListRecord; finish: (error?: Error) => void }[] = [];
  const build = (record: ListRecord) =>
    new Promise<Buffer>((resolve, reject) => {
      builds.push({
        list: record,
        finish: (error) =>
          error ? reject(error) : resolve(Buffer.from(`${record.id}@${record.version}`)),
      });
    });
  return { builds, build };
}

describe('list answers kept per version', () => {
  it('builds a version once for requests that arrive while it is being built', async () => {
    const { builds, build } = slowBuilder();
    const { answer } = keptPerVersion(build, 1024);
    const burst = Array.from({ length: 5 }, () => answer(list(1, 3)));
    expect(builds).toHaveLength(1);
    builds[0]!.finish();
    const answers = await Promise.all(burst);
    expect(answers.map(String)).toEqual(Array(5).fill('1@3'));
    // Kept: a later request is answered without a build.
    expect(String(await answer(list(1, 3)))).toBe('1@3');
    expect(builds).toHaveLength(1);
  });

  it('builds again for a new version, and keeps lists apart', async () => {
    const { builds, build } = slowBuilder();
    const { answer } = keptPerVersion(build, 1024);
    const first = answer(list(1, 3));
    const other = answer(list(2, 3));
    const newer = answer(list(1, 4));
    expect(builds.map((b) => `${b.list.id}@${b.list.version}`)).toEqual(['1@3', '2@3', '1@4']);
    builds.forEach((b) => b.finish());
    expect((await Promise.all([first, other, newer])).map(String)).toEqual(['1@3', '2@3', '1@4']);
    expect(String(await answer(list(1, 4)))).toBe('1@4');
    expect(builds).toHaveLength(3);
  });

  it('keeps nothing from a failed build: everyone waiting hears the failure, the next request builds', async () => {
    const { builds, build } = slowBuilder();
    const { answer } = keptPerVersion(build, 1024);
    const waiting = [answer(list(1, 1)), answer(list(1, 1))];
    builds[0]!.finish(new Error('database went away'));
    for (const result of await Promise.allSettled(waiting)) {
      expect(result).toMatchObject({
        status: 'rejected',
        reason: { message: 'database went away' },
      });
    }
    const retry = answer(list(1, 1));
    expect(builds).toHaveLength(2);
    builds[1]!.finish();
    expect(String(await retry)).toBe('1@1');
  });

  it('keeps no answer larger than the budget, and still answers it', async () => {
    const build = (record: ListRecord) => Promise.resolve(Buffer.alloc(2048, record.id));
    let count = 0;
    const { answer } = keptPerVersion((record) => {
      count += 1;
      return build(record);
    }, 1024);
    expect((await answer(list(7, 1))).length).toBe(2048);
    expect((await answer(list(7, 1))).length).toBe(2048);
    expect(count).toBe(2);
  });

  it("lists the lists read since a time; a build no one asked for keeps the last read's time", async () => {
    vi.useFakeTimers({ now: 1_000, toFake: ['Date'] });
    try {
      const kept = keptPerVersion((record) => Promise.resolve(Buffer.from(`${record.id}`)), 1024);
      const readSince = (time: number) =>
        kept.keptLists(() => true, time).map((record) => `${record.id}@${record.version}`);
      await kept.answer(list(1, 1));
      vi.setSystemTime(2_000);
      await kept.answer(list(2, 1));
      expect(readSince(1_500)).toEqual(['2@1']);
      vi.setSystemTime(3_000);
      // Renewed: kept at its new version, still last read at 1,000.
      await kept.answer(list(1, 2), false);
      expect(readSince(1_500)).toEqual(['2@1']);
      expect(readSince(0).sort()).toEqual(['1@2', '2@1']);
      // Read: served as kept, and read now.
      await kept.answer(list(1, 2));
      expect(readSince(2_500)).toEqual(['1@2']);
    } finally {
      vi.useRealTimers();
    }
  });
});
