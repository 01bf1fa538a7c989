import { hash, verify } from '@node-rs/argon2';

// argon2id with the library defaults (19 MiB, 2 passes): OWASP's baseline.
export const hashPassword = (password: string) => hash(password);

/** A hash of a random password, verified against when a login names no user, so
 * "no such user" and "wrong password" take the same time. */
let decoyHash: Promise<string> | undefined;

export async function verifyPassword(storedHash: string | undefined, password: string) {
  if (storedHash === undefined) {
    decoyHash ??= hash(`decoy-${Math.random()}`);
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
