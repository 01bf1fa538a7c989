import { describe, expect, it } from 'vitest';
import {
  hashingSlots,
  hashPassword,
  PASSWORD_WORK_CONCURRENCY,
  verifyingSlots,
  verifyPassword,
} from './passwords.ts';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('password hashing cap', () => {
  it(`runs at most ${PASSWORD_WORK_CONCURRENCY} argon2 hashes at once, the rest wait`, async () => {
    expect(PASSWORD_WORK_CONCURRENCY).toBeGreaterThanOrEqual(1);
    expect(PASSWORD_WORK_CONCURRENCY).toBeLessThanOrEqual(4);
    const hashes = Array.from({ length: 8 }, (_, i) => hashPassword(`password ${i}`));
    await nextTurn();
    expect(hashingSlots.activeCount).toBe(PASSWORD_WORK_CONCURRENCY);
    expect(hashingSlots.pendingCount).toBe(8 - PASSWORD_WORK_CONCURRENCY);
    const done = await Promise.all(hashes);
    expect(done.every((h) => h.startsWith('$argon2id$'))).toBe(true);
    expect(hashingSlots.activeCount + hashingSlots.pendingCount).toBe(0);
  });

  it('gives sign-ins their own line, so queued sign-ups do not hold them up', async () => {
    const stored = await hashPassword('the right one');
    const flood = Array.from({ length: 6 }, (_, i) => hashPassword(`sign-up ${i}`));
    const signIn = verifyPassword(stored, 'the right one');
    await nextTurn();
    expect(hashingSlots.pendingCount).toBeGreaterThan(0);
    expect(verifyingSlots.activeCount).toBe(1);
    expect(verifyingSlots.pendingCount).toBe(0);
    expect(await signIn).toBe(true);
    await Promise.all(flood);
  });
});
