import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LIMITS } from '@visa/shared/limits';
import { PASSWORD_RESET } from '@visa/shared/users';
import type { RouteOptions } from '../../../context.js';
import { apiRoute } from '../../../lib/api-routes.js';
import { HttpError } from '../../../lib/http-error.js';
import { requestResetLink, resetPassword } from './service.js';

const { resetsPerAddress: RESETS_PER_ADDRESS } = LIMITS.passwordReset;

/** "Forgot password?": public, since it is how someone who cannot sign in gets back in (ADR 0023). */
export default async function passwordResetRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const { rateLimiter } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...apiRoute(app, 'forgotPassword', {
      tags: ['users'],
      summary: 'Email a single-use link to choose a new password (same answer whether or not the email has an account)',
    }),
    handler: async (request) => {
      await requestResetLink(ctx, request.body.email, request.ip, request.log);
      return { message: PASSWORD_RESET.requested };
    },
  });

  r.route({
    ...apiRoute(app, 'resetPassword', {
      tags: ['users'],
      summary: 'Choose a new password with the emailed link; ends every session of the account',
    }),
    handler: async (request) => {
      await rateLimiter.hit(rateLimiter.key('reset:ip', { client: request.ip }), RESETS_PER_ADDRESS.limit, RESETS_PER_ADDRESS.windowMs);
      const { token, password } = request.body;
      if (!(await resetPassword(ctx, token, password))) throw new HttpError(400, PASSWORD_RESET.invalidLink);
      return { message: PASSWORD_RESET.done };
    },
  });
}
