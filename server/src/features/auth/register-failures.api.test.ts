import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { AUTH_MESSAGES } from '@spotbook/contract';
import { TestClient, uniqueName, useTestApp } from '../../../test/helper.ts';

const { t } = useTestApp();

const register = (username: string) =>
  new TestClient(t.app).post('/api/user/register/', {
    username,
    email: `${uniqueName('mail')}@example.test`,
    password: 'correct horse battery',
  });

/** A real database refusal that is not a unique violation: a trigger refusing new users. */
async function refuseNewUsers() {
  if (t.ctx.dialect === 'postgres') {
    await sql`CREATE FUNCTION refuse_signups() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'sign-ups closed'; END $$`.execute(t.ctx.db);
    await sql`CREATE TRIGGER refuse_signups BEFORE INSERT ON users
      FOR EACH ROW EXECUTE FUNCTION refuse_signups()`.execute(t.ctx.db);
  } else {
    await sql`CREATE TRIGGER refuse_signups BEFORE INSERT ON users
      BEGIN SELECT RAISE(ABORT, 'sign-ups closed'); END`.execute(t.ctx.db);
  }
}

describe('register when the write fails', () => {
  it('answers "already taken" to the loser of two sign-ups racing for one name', async () => {
    // Both pass the name check while the other hashes its password; the unique index decides.
    const name = uniqueName();
    const answers = await Promise.all([register(name), register(name)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400]);
    const loser = answers.find((a) => a.statusCode === 400)!;
    expect(loser.json().errors).toEqual({ username: [AUTH_MESSAGES.usernameTaken] });
  });

  it('answers 500, not "already taken", when the database refuses for another reason', async () => {
    await refuseNewUsers();
    const response = await register(uniqueName());
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ detail: 'Internal Server Error' });
  });
});
