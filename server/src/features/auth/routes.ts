import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUTH_MESSAGES,
  detailResponseSchema,
  errorResponseSchema,
  loginSchema,
  passwordResetConfirmSchema,
  registerSchema,
  requestPasswordResetSchema,
  sessionResponseSchema,
  userResponseSchema,
  text,
} from '@spotbook/contract';
import type { RouteOptions } from '../../context.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { badRequest, HttpError } from '../../lib/errors.ts';
import { ensureCsrfCookie } from '../../plugins/csrf.ts';
import { endSession, startSession } from '../../plugins/session.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import * as users from './repository.ts';
import { issueDeviceCookie, knownDeviceNonce } from './device-cookies.ts';
import {
  issueResetToken,
  consumeResetToken,
  decodeUid,
  resetLink,
  resetMail,
} from './reset-tokens.ts';
import {
  admitOrRefuse,
  failureDelayMs,
  loginChecks,
  registerCheck,
  resetChecks,
  settleSuccessfulLogin,
} from './throttling.ts';

const tags = ['user'];
const errors = { 400: errorResponseSchema, 403: errorResponseSchema, 429: errorResponseSchema };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function authRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const { db, config, throttle, mailer } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/session/',
    {
      schema: {
        tags,
        summary: 'Current user; sets the csrftoken cookie',
        response: { 200: sessionResponseSchema },
      },
    },
    async (request, reply) => {
      ensureCsrfCookie(request, reply, config);
      return { user: request.user };
    },
  );

  api.post(
    '/login/',
    { schema: { tags, body: loginSchema, response: { 200: userResponseSchema, ...errors } } },
    async (request, reply) => {
      const { username_or_email, password } = request.body;
      const found = await users.findUserByLogin(db, username_or_email);
      const device = found ? knownDeviceNonce(request, found.id) : null;
      const checks = loginChecks(request, username_or_email, found?.id, device);
      // Counted before the verify, atomically: parallel guesses can't all slip in.
      const attempts = await admitOrRefuse(
        throttle,
        checks.address ? [checks.address, checks.attempt] : [checks.attempt],
        'failed sign-in attempts',
      );
      if (!(await verifyPassword(found?.password_hash, password)) || !found) {
        await sleep(failureDelayMs(attempts));
        throw badRequest(AUTH_MESSAGES.invalidCredentials);
      }
      await settleSuccessfulLogin(throttle, checks);
      issueDeviceCookie(reply, config, found.id);
      if (request.sessionId) await endSession(db, request, reply);
      await startSession(db, config, reply, found.id);
      return { user: { id: found.id, username: found.username, email: found.email } };
    },
  );

  api.post(
    '/register/',
    { schema: { tags, body: registerSchema, response: { 201: userResponseSchema, ...errors } } },
    async (request, reply) => {
      const { username, email, password } = request.body;
      const taken = await users.takenIdentities(db, username, email);
      const fieldErrors: Record<string, string[]> = {};
      if (taken.username) fieldErrors.username = [AUTH_MESSAGES.usernameTaken];
      if (taken.email) fieldErrors.email = [AUTH_MESSAGES.emailTaken];
      const first = Object.values(fieldErrors)[0]?.[0];
      if (first) throw badRequest(first, fieldErrors);
      // Counted before the argon2 hash each sign-up costs.
      await admitOrRefuse(throttle, [registerCheck(request)], 'sign-ups from this address');
      const user = await users
        .createUser(db, { username, email, passwordHash: await hashPassword(password) })
        .catch((error: unknown) => {
          // Two sign-ups racing for one name: the unique index decides. Any other failure
          // is the server's, not the caller's (a 500).
          if (!isUniqueViolation(error)) throw error;
          request.log.warn({ err: error }, 'register conflict');
          throw badRequest(AUTH_MESSAGES.usernameTaken, {
            username: [AUTH_MESSAGES.usernameTaken],
          });
        });
      issueDeviceCookie(reply, config, user.id);
      if (request.sessionId) await endSession(db, request, reply);
      await startSession(db, config, reply, user.id);
      return reply.status(201).send({ user });
    },
  );

  api.post(
    '/logout/',
    { schema: { tags, response: { 200: detailResponseSchema, ...errors } } },
    async (request, reply) => {
      await endSession(db, request, reply);
      return { detail: 'Signed out.' };
    },
  );

  api.post(
    '/request-password-reset/',
    {
      schema: {
        tags,
        body: requestPasswordResetSchema,
        response: { 200: detailResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { email } = request.body;
      await admitOrRefuse(throttle, resetChecks(request, email), 'password reset requests');
      const user = await users.findUserByEmail(db, email);
      if (user) {
        // Sent in the background: the answer must not take longer when the address exists.
        void (async () => {
          const ttl = config.RESET_TOKEN_TTL_MINUTES;
          const token = await issueResetToken(db, user.id, ttl);
          const mail = resetMail(user.username, resetLink(config.PUBLIC_URL, user.id, token), ttl);
          await mailer.send({ to: user.email, ...mail });
        })().catch((err: unknown) => request.log.error({ err }, 'password reset mail failed'));
      }
      return { detail: AUTH_MESSAGES.resetRequested };
    },
  );

  api.post(
    '/password-reset-confirm/:uidb64/:token/',
    {
      schema: {
        tags,
        params: z.object({ uidb64: text().max(64), token: text().max(128) }),
        body: passwordResetConfirmSchema,
        response: { 200: detailResponseSchema, ...errors },
      },
    },
    async (request) => {
      const userId = decodeUid(request.params.uidb64);
      // Used up in the same statement that finds it: of two confirms at once, one wins.
      const row =
        userId === null ? undefined : await consumeResetToken(db, userId, request.params.token);
      if (!row) throw new HttpError(400, AUTH_MESSAGES.resetLinkInvalid);
      const keep = request.user?.id === row.user_id ? request.sessionId : null;
      await users.changePassword(
        db,
        row.user_id,
        await hashPassword(request.body.new_password),
        keep,
      );
      return { detail: AUTH_MESSAGES.passwordResetDone };
    },
  );
}
