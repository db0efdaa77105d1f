import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DOCUMENT_REQUEST_TEXTS as M, UPLOADS_PATH, UPLOAD_ITEM_METADATA } from '@visa/shared/document-requests';
import type { RouteOptions } from '../../../context.js';
import { apiRoute } from '../../../lib/api-routes.js';
import { HttpError } from '../../../lib/http-error.js';
import { onFirstUse } from '../../../lib/on-first-use.js';
import { openRequestOf } from './page-access.js';
import { requestBodyStream } from './request-body.js';
import { refuseExtensions, uploadIdOfTarget, UPLOAD_ADDRESS_NOT_VALID } from './upload-target.js';
import { assertUploadOf, beginUpload, routeUploadIds } from './uploads.js';

/** Tus's Upload-Metadata: comma-separated `key base64value` pairs. */
function metadataValue(header: string | undefined, key: string): string | null {
  if (!header) return null;
  for (const pair of header.split(',')) {
    const [name, value] = pair.trim().split(' ');
    if (name === key && value) return Buffer.from(value, 'base64').toString('utf8');
  }
  return null;
}

/** The tus endpoint's paths, as the XSRF check reads them (decoded). */
export const isUploadPath = (path: string) => path === UPLOADS_PATH || path.startsWith(`${UPLOADS_PATH}/`);

/** The applicant's document page in either language, with or without its trailing slash or file name. */
export const isDocumentsPagePath = (path: string) => /^(\/bn)?\/documents(\/|\/index\.html)?$/.test(path);

const single = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

/**
 * /api/uploads: tus 1.0 for the applicant's page (ADR 0047). Before tus sees a request, this checks
 * what must hold before any byte is taken: the token opens a working request; a new upload names an
 * item of that request still to send, with a length within the item's limit, and the per-token and
 * per-address counts allow it; any later request is for an upload that token began, for an item of
 * its request. The upload's id comes from the route's parameter alone, and the address must be
 * nothing but the endpoint or that upload's (ADR 0063): tus would otherwise read another id from a
 * query string or a further segment. Extensions we do not offer are refused before the token is
 * even read. Tus then reads the raw request itself, so the body parser here takes nothing.
 */
export default async function uploadRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  // Loaded and built at the first upload request, not with the app: tus and its request adapter
  // are code few processes need (ADR 0074), and the store makes its folder when built (see
  // stagingStore in tus-server.ts).
  const tusServer = onFirstUse(async () => {
    const [{ createUploadServer }, srvx] = await Promise.all([import('./tus-server.js'), import('srvx/node')]);
    return { tus: createUploadServer(ctx), ...srvx };
  });

  // Tus reads the bytes from the raw request; Fastify must leave them unread.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  async function create(request: FastifyRequest, requestId: string) {
    const lengthHeader = single(request.headers['upload-length']);
    const length = lengthHeader && /^\d{1,15}$/.test(lengthHeader) ? Number(lengthHeader) : NaN;
    if (!Number.isSafeInteger(length) || length <= 0) throw new HttpError(400, M.uploadNotOpen);
    const itemId = metadataValue(single(request.headers['upload-metadata']), UPLOAD_ITEM_METADATA);
    const id = await beginUpload(ctx, { requestId, itemId, length, client: request.ip });
    routeUploadIds.set(request.raw, id);
  }

  async function handle(request: FastifyRequest<{ Params: { id?: string } }>, reply: FastifyReply) {
    const id = uploadIdOfTarget(request.url);
    if (id !== (request.params.id ?? null)) throw new HttpError(400, UPLOAD_ADDRESS_NOT_VALID);
    if (request.method !== 'OPTIONS') {
      refuseExtensions(request.method, request.headers);
      const open = await openRequestOf(ctx, request, reply);
      if (id === null) {
        if (request.method !== 'POST') throw new HttpError(405, M.uploadNotOpen);
        await create(request, open.id);
      } else {
        // An upload is begun only at the endpoint: a POST to an upload's address would name it again.
        if (request.method === 'POST') throw new HttpError(405, M.uploadNotOpen);
        await assertUploadOf(ctx, { requestId: open.id, uploadId: id, writing: request.method === 'PATCH' });
        routeUploadIds.set(request.raw, id);
      }
    }
    // Before the reply is taken over, so a failed load is answered as any other error.
    const { tus, NodeRequest, sendNodeResponse } = await tusServer();
    // The headers the app gives every answer (no-store, the security headers) go on tus's answer too.
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
    reply.hijack();
    // What tus.handle does, but a PATCH's body is read without a copy of every chunk (request-body.ts).
    const web = new NodeRequest({ req: request.raw, res: reply.raw });
    if (request.method === 'PATCH') Object.defineProperty(web, 'body', { value: requestBodyStream(request.raw) });
    await sendNodeResponse(reply.raw, await tus.handleWeb(web));
  }

  const docs = {
    tags: ['document requests'],
    summary:
      'tus 1.0 resumable uploads of the applicant page (token in X-Document-Token; POST creates with Upload-Length and item metadata)',
  };
  app.route({ ...apiRoute(app, 'startUpload', docs), handler: handle });
  app.route({ ...apiRoute(app, 'continueUpload', docs), handler: handle });
}
