import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema } from '@visa/shared/errors';
import { ForgotPasswordInputSchema, PASSWORD_RESET, ResetPasswordInputSchema } from '@visa/shared/users';
import { newSecretToken, sha256 } from '../../lib/tokens.js';
import type { RouteOptions } from '../../context.js';
import { HttpError } from '../../lib/http-error.js';
import { recordAudit } from '../audit/repository.js';
import { enqueueEmail } from '../notifications/repository.js';
import { renderPasswordResetEmail } from '../notifications/templates.js';
import { assertPasswordAllowed } from './password-policy.js';
import { hashPassword } from './passwords.js';
import { consumeReset, replaceReset } from './password-resets-repository.js';
import { findUserByEmail, findUserById, updateUser } from './repository.js';
import { revokeUserSessions } from './sessions-repository.js';

/** How long a link works (ADR 0023). */
const RESET_LINK_MINUTES = 30;
const FIFTEEN_MINUTES = 15 * 60_000;
const HOUR = 60 * 60_000;
/** Per client address; and per email, so nobody can fill a colleague's inbox. */
const REQUESTS_PER_ADDRESS = 10;
const REQUESTS_PER_EMAIL = 3;
const RESETS_PER_ADDRESS = 20;

const MessageSchema = z.object({ message: z.string() });

/** "Forgot password?": public, since it is how someone who cannot sign in gets back in (ADR 0023). */
export default async function passwordResetRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const { db, rateLimiter } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();

  async function sendLink(email: string) {
    const user = await findUserByEmail(db, email);
    if (!user) return;
    const token = newSecretToken();
    const now = new Date();
    const link = `${ctx.config.publicUrl}/reset-password#token=${token}`;
    const mail = renderPasswordResetEmail(user, link, RESET_LINK_MINUTES, PASSWORD_RESET.emailSubject);
    await db.transaction().execute(async (trx) => {
      await replaceReset(trx, {
        userId: user.id,
        tokenHash: sha256(token),
        now,
        expiresAt: new Date(now.getTime() + RESET_LINK_MINUTES * 60_000),
      });
      await enqueueEmail(trx, { applicationId: null, to: user.email, ...mail }, now);
      await recordAudit(trx, { actorUserId: null, action: 'user.password_reset_requested', entity: 'user', entityId: user.id });
    });
    ctx.outbox.kick();
  }

  r.post(
    '/forgot-password',
    {
      schema: {
        tags: ['users'],
        summary: 'Email a single-use link to choose a new password (same answer whether or not the email has an account)',
        body: ForgotPasswordInputSchema,
        response: { 200: MessageSchema, 400: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request) => {
      const { email } = request.body;
      await rateLimiter.hit(`reset-request:ip:${request.ip}`, REQUESTS_PER_ADDRESS, FIFTEEN_MINUTES);
      await rateLimiter.hit(`reset-request:email:${sha256(email)}`, REQUESTS_PER_EMAIL, HOUR);
      // Answered before the lookup is done, so the time taken says nothing about whether the
      // email has an account; a failure is logged (without the email) and the person asks again.
      void sendLink(email).catch((err: unknown) => request.log.error({ err }, 'password reset link not queued'));
      return { message: PASSWORD_RESET.requested };
    },
  );

  r.post(
    '/reset-password',
    {
      schema: {
        tags: ['users'],
        summary: 'Choose a new password with the emailed link; ends every session of the account',
        body: ResetPasswordInputSchema,
        response: { 200: MessageSchema, 400: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request) => {
      await rateLimiter.hit(`reset:ip:${request.ip}`, RESETS_PER_ADDRESS, FIFTEEN_MINUTES);
      const { token, password } = request.body;
      // The password rule (ADR 0017): the list now, the account's email name once the link names
      // the account; a refusal rolls the transaction back, so the link still works for another try.
      assertPasswordAllowed(password, '');
      const passwordHash = await hashPassword(password);
      const userId = await db.transaction().execute(async (trx) => {
        const owner = await consumeReset(trx, sha256(token), new Date());
        if (!owner) return null;
        const account = await findUserById(trx, owner);
        if (account) assertPasswordAllowed(password, account.email);
        await updateUser(trx, owner, { passwordHash });
        await revokeUserSessions(trx, owner);
        await recordAudit(trx, { actorUserId: owner, action: 'user.password_reset', entity: 'user', entityId: owner });
        return owner;
      });
      if (!userId) throw new HttpError(400, PASSWORD_RESET.invalidLink);
      return { message: PASSWORD_RESET.done };
    },
  );
}
