import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema } from '@visa/shared/errors';
import { LIMITS } from '@visa/shared/limits';
import { ForgotPasswordInputSchema, PASSWORD_RESET, ResetPasswordInputSchema } from '@visa/shared/users';
import type { RouteOptions } from '../../context.js';
import { HttpError } from '../../lib/http-error.js';
import { requestResetLink, resetPassword } from './service.js';

const { resetsPerAddress: RESETS_PER_ADDRESS } = LIMITS.passwordReset;

const MessageSchema = z.object({ message: z.string() });

/** "Forgot password?": public, since it is how someone who cannot sign in gets back in (ADR 0023). */
export default async function passwordResetRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const { rateLimiter } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();

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
      await requestResetLink(ctx, request.body.email, request.ip, request.log);
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
      await rateLimiter.hit(rateLimiter.key('reset:ip', { client: request.ip }), RESETS_PER_ADDRESS.limit, RESETS_PER_ADDRESS.windowMs);
      const { token, password } = request.body;
      if (!(await resetPassword(ctx, token, password))) throw new HttpError(400, PASSWORD_RESET.invalidLink);
      return { message: PASSWORD_RESET.done };
    },
  );
}
