import { hash, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';

/**
 * Each argon2 run takes 19 MiB and a core for tens of milliseconds, so only a few run at
 * once, the rest wait in line. Hashing (sign-up, reset) and verifying (sign-in) wait in
 * separate lines, so a flood of sign-ups cannot hold up sign-ins.
 */
export const PASSWORD_WORK_CONCURRENCY = 2;
export const hashingSlots = pLimit(PASSWORD_WORK_CONCURRENCY);
export const verifyingSlots = pLimit(PASSWORD_WORK_CONCURRENCY);

// argon2id with the library defaults (19 MiB, 2 passes): OWASP's baseline.
export const hashPassword = (password: string) => hashingSlots(() => hash(password));

/** A hash of a random password, verified against when a login names no user, so
 * "no such user" and "wrong password" take the same time. */
let decoyHash: Promise<string> | undefined;

export function verifyPassword(storedHash: string | undefined, password: string) {
  return verifyingSlots(async () => {
    if (storedHash === undefined) {
      decoyHash ??= hash(`decoy-${Math.random()}`);
      await verify(await decoyHash, password).catch(() => false);
      return false;
    }
    return verify(storedHash, password).catch(() => false);
  });
}
