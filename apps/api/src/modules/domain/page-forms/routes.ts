import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SERVER } from '@visa/shared/ui-texts';
import { PAGE_FORMS } from '@visa/shared/page-forms';
import { ForgotPasswordInputSchema, PASSWORD_RESET } from '@visa/shared/users';
import type { AppContext, RouteOptions } from '../../../context.js';
import { HttpError } from '../../../lib/http-error.js';
import { requestResetLink } from '../password-reset/service.js';
import { FORM_PAGES, type FormPage, answerPage } from './pages.js';

/** A page's form is a few short fields: anything bigger is not one of ours. */
const FORM_BODY_LIMIT = 16 * 1024;
const MULTIPART_LIMITS = { fields: 10, fieldSize: 1024, files: 0, parts: 10 };

type Answer = { status: number; language: 'en' | 'bn'; title: string; text: string; back: { href: string; label: string } };

function send(reply: FastifyReply, answer: Answer) {
  const { status, ...page } = answer;
  // What was typed may be echoed by no cache; the answer is about this one request.
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(answerPage({ ...page, alert: status >= 400 }));
}

/** The answer to a staff page's form or the status check's: the script does that work, so nothing is read or done. */
function withoutScript(page: FormPage): Answer {
  if (page.kind === 'enquiry') {
    const texts = PAGE_FORMS.enquiry[page.language];
    return { status: 200, language: page.language, title: texts.title, text: texts.text, back: { href: page.path, label: texts.back } };
  }
  const back = page.path.includes(':') ? '/application' : page.path;
  return {
    status: 200,
    language: 'en',
    title: PAGE_FORMS.staff.title,
    text: PAGE_FORMS.staff.text,
    back: { href: back, label: PAGE_FORMS.staff.back },
  };
}

/** The form's text fields, first value of each; null when the body is not a form we can read. */
async function readFields(request: FastifyRequest): Promise<Record<string, unknown> | null> {
  if (request.isMultipart()) {
    const fields: Record<string, unknown> = {};
    for await (const part of request.parts({ limits: MULTIPART_LIMITS })) {
      if (part.type !== 'field' || part.valueTruncated) throw new HttpError(413, SERVER.payloadTooLarge);
      if (!(part.fieldname in fields)) fields[part.fieldname] = part.value;
    }
    return fields;
  }
  const body = request.body;
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
}

/** "Forgot password?" posted without the page's script: done for real, as the API does it (ADR 0023). */
async function forgotPassword(ctx: AppContext, request: FastifyRequest): Promise<Answer> {
  const texts = PAGE_FORMS.forgotPassword;
  const answer = (status: number, text: string): Answer => ({
    status,
    language: 'en',
    title: texts.title,
    text,
    back: { href: status < 400 ? '/login' : '/forgot-password', label: status < 400 ? texts.back : PAGE_FORMS.staff.back },
  });
  let fields: Record<string, unknown> | null;
  try {
    fields = await readFields(request);
  } catch (error) {
    // The parser's limits (too many parts, a file) carry 413; anything else it could not read is the body's fault.
    const tooLarge = (error as { statusCode?: unknown }).statusCode === 413;
    return tooLarge ? answer(413, SERVER.payloadTooLarge) : answer(400, PAGE_FORMS.unreadable);
  }
  if (!fields) return answer(400, PAGE_FORMS.unreadable);
  const parsed = ForgotPasswordInputSchema.safeParse({ email: fields.email });
  if (!parsed.success) return answer(400, parsed.error.issues[0]?.message ?? SERVER.invalidInput);
  try {
    await requestResetLink(ctx, parsed.data.email, request.ip, request.log);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 429) return answer(429, error.message);
    throw error;
  }
  return answer(200, PASSWORD_RESET.requested);
}

/**
 * The page paths that take a form's POST (ADR 0037): what a browser sends when the page's script
 * has not taken the form over (no JavaScript, a script that failed). Never in the OpenAPI document:
 * these answer pages, not JSON. The body is never logged (lib/logging.ts logs no bodies).
 */
export default async function pageFormRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  // In this scope only: the API's JSON routes keep refusing a form body.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
  await app.register(multipart, { limits: MULTIPART_LIMITS });

  for (const page of FORM_PAGES) {
    if (page.kind === 'forgotPassword') {
      app.post(page.path, { schema: { hide: true }, bodyLimit: FORM_BODY_LIMIT }, async (request, reply) =>
        send(reply, await forgotPassword(ctx, request)),
      );
    } else {
      // Answered before the body is read: nothing in it is used, and Node discards it unread.
      app.post(
        page.path,
        { schema: { hide: true }, onRequest: async (_request, reply) => send(reply, withoutScript(page)) },
        async () => undefined,
      );
    }
  }
}
