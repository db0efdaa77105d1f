import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LIMITS } from '@visa/shared/limits';
import { SECOND_FACTOR, SERVER } from '@visa/shared/ui-texts';
import type { RouteOptions } from '../../../context.js';
import { apiRoute } from '../../../lib/api-routes.js';
import { HttpError, badRequest } from '../../../lib/http-error.js';
import { completeSignIn } from '../sessions/service.js';
import { checkCurrentPassword } from '../staff-accounts/service.js';
import * as secondFactor from './service.js';

const { perAccount: PER_ACCOUNT, perAddress: PER_ADDRESS } = LIMITS.secondStep;
const ACCOUNT_ATTEMPTS = LIMITS.secondFactorAccount.perAccount;

/**
 * The second step of signing in (ADR 0019): public, since the person has no session yet; the
 * challenge from the password step is what lets them in, once, for a few minutes.
 */
export async function secondStepRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const { db, rateLimiter } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...apiRoute(app, 'loginSecondFactor', {
      tags: ['users'],
      summary:
        'Second step of signing in: {challenge, code} or {challenge, recoveryCode}; answers like a password-only sign-in (with the recovery codes when the step was setting the app up)',
    }),
    handler: async (request, reply) => {
      const { code, recoveryCode } = request.body;
      await rateLimiter.hit(rateLimiter.key('login-second-step:ip', { client: request.ip }), PER_ADDRESS.limit, PER_ADDRESS.windowMs);
      const challenge = await secondFactor.openChallenge(db, request.body.challenge);
      await rateLimiter.hit(rateLimiter.key('login-second-step:user', challenge.userId), PER_ACCOUNT.limit, PER_ACCOUNT.windowMs);
      const account = await secondFactor.challengeAccount(db, challenge);

      if (challenge.kind === 'enrol') {
        // Setting the app up: the first code from it both turns it on and finishes the sign-in.
        if (code === undefined) throw badRequest(SECOND_FACTOR.codeFormat);
        const recoveryCodes = await secondFactor.confirmSetup(ctx, account.id, code);
        if (!recoveryCodes) {
          await secondFactor.wrongCode(db, challenge, 'totp');
          throw new HttpError(401, SECOND_FACTOR.invalidCode);
        }
        await secondFactor.useChallenge(db, challenge);
        return { ...(await completeSignIn(ctx, request, reply, account, { secondFactor: 'enrolled' })), recoveryCodes };
      }

      if (code !== undefined) {
        const check = await secondFactor.checkCode(ctx, account.id, code);
        // Codes are locked: the challenge stays open for a recovery code.
        if (check === 'locked') throw new HttpError(403, SECOND_FACTOR.codesLocked);
        if (check === 'wrong') {
          await secondFactor.wrongCode(db, challenge, 'totp');
          throw new HttpError(401, SECOND_FACTOR.invalidCode);
        }
      } else if (!(await secondFactor.useRecoveryCode(ctx, account.id, recoveryCode!))) {
        await secondFactor.wrongCode(db, challenge, 'recovery');
        throw new HttpError(401, SECOND_FACTOR.invalidRecoveryCode);
      }
      await secondFactor.useChallenge(db, challenge);
      return completeSignIn(ctx, request, reply, account, { secondFactor: code !== undefined ? 'totp' : 'recovery' });
    },
  });

  r.route({
    ...apiRoute(app, 'loginSecondFactorSetup', {
      tags: ['users'],
      summary:
        'When the office requires a second factor: a new authenticator secret (QR code, text, otpauth URI) for the account behind an enrolment challenge',
    }),
    handler: async (request) => {
      await rateLimiter.hit(rateLimiter.key('login-second-step:ip', { client: request.ip }), PER_ADDRESS.limit, PER_ADDRESS.windowMs);
      const challenge = await secondFactor.openChallenge(db, request.body.challenge);
      // A challenge for entering a code must not become a way to replace the app in use.
      if (challenge.kind !== 'enrol') throw new HttpError(403, SERVER.forbidden);
      const account = await secondFactor.challengeAccount(db, challenge);
      return secondFactor.startSetup(ctx, account);
    },
  });
}

/** The signed-in account's own second factor: any staff role. */
export async function secondFactorAccountRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const { db, rateLimiter } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Codes and passwords tried from a session count too: a stolen session must not guess them at leisure.
  const limitAttempts = (userId: string) =>
    rateLimiter.hit(rateLimiter.key('second-factor-account:user', userId), ACCOUNT_ATTEMPTS.limit, ACCOUNT_ATTEMPTS.windowMs);

  r.route({
    ...apiRoute(app, 'getSecondFactor', {
      tags: ['users'],
      summary:
        "Whether the signed-in account's two-step sign-in is on, whether the office requires it, and how many recovery codes are left",
    }),
    handler: async (request) => secondFactor.status(ctx, request.user!._id),
  });

  r.route({
    ...apiRoute(app, 'startSecondFactorSetup', {
      tags: ['users'],
      summary:
        'Start setting up an authenticator app: a new secret (QR code, text, otpauth URI), pending until confirmed; replacing an app in use takes the password',
    }),
    handler: async (request) => {
      const staffAccount = request.user!;
      await limitAttempts(staffAccount._id);
      if (await secondFactor.hasSecondFactor(db, staffAccount._id)) {
        if (request.body.password === undefined) throw badRequest(SECOND_FACTOR.passwordNeededToReplace);
        await secondFactor.confirmPassword(db, staffAccount._id, request.body.password);
      }
      return secondFactor.startSetup(ctx, { id: staffAccount._id, email: staffAccount.email });
    },
  });

  r.route({
    ...apiRoute(app, 'enableSecondFactor', {
      tags: ['users'],
      summary:
        'Turn two-step sign-in on with the first code from the app and the current password; answers the ten recovery codes, shown this once',
    }),
    handler: async (request) => {
      const staffAccount = request.user!;
      await limitAttempts(staffAccount._id);
      // A stolen session alone must not put the thief's app on the account and get its recovery codes.
      await checkCurrentPassword(ctx, staffAccount._id, request.body.currentPassword, request.ip);
      const recoveryCodes = await secondFactor.confirmSetup(ctx, staffAccount._id, request.body.code);
      if (!recoveryCodes) {
        await secondFactor.auditWrongCode(db, staffAccount._id, { method: 'setup' });
        throw badRequest(SECOND_FACTOR.invalidCode);
      }
      return { recoveryCodes };
    },
  });

  r.route({
    ...apiRoute(app, 'disableSecondFactor', {
      tags: ['users'],
      summary: 'Turn two-step sign-in off with the password and a current code (refused while the office requires it)',
    }),
    handler: async (request) => {
      await limitAttempts(request.user!._id);
      await secondFactor.disable(ctx, request.user!, request.body);
      return { message: SECOND_FACTOR.disabled };
    },
  });

  r.route({
    ...apiRoute(app, 'renewRecoveryCodes', {
      tags: ['users'],
      summary: 'Replace the recovery codes with ten new ones (password and a current code); the old ones stop working',
    }),
    handler: async (request) => {
      await limitAttempts(request.user!._id);
      return { recoveryCodes: await secondFactor.regenerateRecoveryCodes(ctx, request.user!, request.body) };
    },
  });
}
