import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '@visa/shared/errors';
import { IdParamsSchema } from '@visa/shared/ids';
import { SLIDER } from '@visa/shared/messages';
import { SlideDeletedSchema, SlideListSchema, SlideReorderSchema, SlideSchema, SlideUpdateSchema } from '@visa/shared/slides';
import type { AppDeps } from '../../app.js';
import { HttpError } from '../../lib/http-error.js';
import { findSlideRow, listSlides, toSlide } from './repository.js';
import { type SlidesContext, changeSlideImage, createSlide, reorderSlides, removeSlide, updateSlide } from './service.js';
import { readSlideUpload } from './upload.js';

/**
 * /api/slider/… (spec §7, DESIGN.md §4). Reading is public: anonymous callers see published
 * slides only. Every write is for signed-in staff; authentication runs on request, before any
 * body is parsed, so an anonymous upload is refused without being read.
 */
export default async function slidesRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const staff = { onRequest: app.authenticate };
  const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };
  const uploadErrors = { ...errors, 413: ErrorBodySchema, 415: ErrorBodySchema };
  const security = [{ bearer: [] }];
  const context = (request: FastifyRequest): SlidesContext => ({
    db: deps.db,
    storage: deps.storage,
    log: request.log,
    actorId: request.user!._id,
  });

  r.get(
    '/fetchSlider',
    {
      schema: {
        tags: ['slides'],
        summary: 'Slides in display order: published ones for visitors, all of them for staff (with a bearer token)',
        response: { 200: SlideListSchema, 401: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      // A token that does not verify is a 401, not a quiet fall-back to the public list: the staff
      // list must refresh its session rather than show published slides only.
      const asStaff = Boolean(request.headers.authorization);
      if (asStaff) await app.authenticate(request, reply);
      reply.header('vary', 'Authorization');
      reply.header('cache-control', asStaff ? 'private, no-store' : 'no-cache');
      return listSlides(deps.db, { publishedOnly: !asStaff });
    },
  );

  // For /editSlider opened without navigation state (a reload or a shared link).
  r.get(
    '/fetchSlider/:id',
    {
      ...staff,
      schema: { tags: ['slides'], summary: 'One slide by id', security, params: IdParamsSchema, response: { 200: SlideSchema, ...errors } },
    },
    async (request, reply) => {
      const row = await findSlideRow(deps.db, request.params.id);
      if (!row) throw new HttpError(404, SLIDER.notFound);
      reply.header('cache-control', 'private, no-store');
      return toSlide(row);
    },
  );

  r.post(
    '/addSlider',
    {
      ...staff,
      schema: {
        tags: ['slides'],
        summary: 'Add a slide: multipart {thumbnail, title, status, link, altText, image}; it goes last',
        security,
        consumes: ['multipart/form-data'],
        response: { 201: SlideSchema, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const upload = await readSlideUpload(request);
      const slide = await createSlide(context(request), upload);
      return reply.status(201).send(slide);
    },
  );

  r.put(
    '/updateSlider/:id',
    {
      ...staff,
      schema: {
        tags: ['slides'],
        summary: "Change a slide's fields (the item minus _id; unknown keys are ignored)",
        security,
        params: IdParamsSchema,
        body: SlideUpdateSchema,
        response: { 200: SlideSchema, ...errors },
      },
    },
    async (request) => updateSlide(context(request), request.params.id, request.body),
  );

  r.put(
    '/updateSliderImage/:id',
    {
      ...staff,
      schema: {
        tags: ['slides'],
        summary: "Replace a slide's picture: multipart {image}; the old files are removed",
        security,
        consumes: ['multipart/form-data'],
        params: IdParamsSchema,
        response: { 200: SlideSchema, ...uploadErrors },
      },
    },
    async (request) => {
      const upload = await readSlideUpload(request);
      return changeSlideImage(context(request), request.params.id, upload);
    },
  );

  r.delete(
    '/deleteSlider/:id',
    {
      ...staff,
      schema: {
        tags: ['slides'],
        summary: 'Delete a slide and its picture files',
        security,
        params: IdParamsSchema,
        response: { 200: SlideDeletedSchema, ...errors },
      },
    },
    async (request) => {
      await removeSlide(context(request), request.params.id);
      return { _id: request.params.id };
    },
  );

  r.put(
    '/reorderSlider',
    {
      ...staff,
      schema: {
        tags: ['slides'],
        summary: 'Set the display order: {ids} names every slide once, first shown first',
        security,
        body: SlideReorderSchema,
        response: { 200: SlideListSchema, ...errors, 409: ErrorBodySchema },
      },
    },
    async (request) => reorderSlides(context(request), request.body.ids),
  );
}
