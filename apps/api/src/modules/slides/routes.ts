import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '@visa/shared/errors';
import { IdParamsSchema } from '@visa/shared/ids';
import { SlideDeletedSchema, SlideListSchema, SlideReorderSchema, SlideSchema, SlideUpdateSchema } from '@visa/shared/slides';
import type { RouteOptions } from '../../context.js';
import { uploadRoutes } from '../../plugins/uploads.js';
import { changeSlideImage, createSlide, fetchSlide, listSlidesFor, removeSlide, reorderSlides, updateSlide } from './service.js';
import { readSlideUpload } from './upload.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };
const uploadErrors = { ...errors, 413: ErrorBodySchema, 415: ErrorBodySchema };
const security = [{ bearer: [] }];

/**
 * GET /api/slider/fetchSlider (docs/product.md#api-slides): public. Anonymous callers see the
 * published slides only; a caller with a bearer token is authenticated and sees them all.
 */
export async function slideListRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/fetchSlider',
    {
      // A token that does not verify is a 401, not a quiet fall-back to the public list: the staff
      // list must refresh its session rather than show published slides only.
      onRequest: app.authenticateIfPresent,
      schema: {
        tags: ['slides'],
        summary: 'Slides in display order: published ones for visitors, all of them for staff (with a bearer token)',
        response: { 200: SlideListSchema, 401: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const asStaff = request.user !== null;
      reply.header('vary', 'Authorization');
      reply.header('cache-control', asStaff ? 'private, no-store' : 'no-cache');
      return listSlidesFor(ctx, { publishedOnly: !asStaff });
    },
  );
}

/** The rest of /api/slider/… (docs/product.md#api-slides): for signed-in staff. */
export default async function slideRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // For /editSlider opened without navigation state (a reload or a shared link).
  r.get(
    '/fetchSlider/:id',
    {
      schema: { tags: ['slides'], summary: 'One slide by id', security, params: IdParamsSchema, response: { 200: SlideSchema, ...errors } },
    },
    async (request, reply) => {
      const slide = await fetchSlide(ctx, request.params.id);
      reply.header('cache-control', 'private, no-store');
      return slide;
    },
  );

  r.put(
    '/updateSlider/:id',
    {
      schema: {
        tags: ['slides'],
        summary: "Change a slide's fields (the item minus _id; unknown keys are ignored)",
        security,
        params: IdParamsSchema,
        body: SlideUpdateSchema,
        response: { 200: SlideSchema, ...errors },
      },
    },
    async (request) => updateSlide(ctx, request.user!, request.params.id, request.body),
  );

  await uploadRoutes(app, (scope) => {
    const u = scope.withTypeProvider<ZodTypeProvider>();
    u.post(
      '/addSlider',
      {
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
        const slide = await createSlide(ctx, request.user!, upload);
        return reply.status(201).send(slide);
      },
    );

    u.put(
      '/updateSliderImage/:id',
      {
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
        return changeSlideImage(ctx, request.user!, request.params.id, upload);
      },
    );
  });

  r.delete(
    '/deleteSlider/:id',
    {
      schema: {
        tags: ['slides'],
        summary: 'Delete a slide and its picture files',
        security,
        params: IdParamsSchema,
        response: { 200: SlideDeletedSchema, ...errors },
      },
    },
    async (request) => {
      await removeSlide(ctx, request.user!, request.params.id);
      return { _id: request.params.id };
    },
  );

  r.put(
    '/reorderSlider',
    {
      schema: {
        tags: ['slides'],
        summary: 'Set the display order: {ids} names every slide once, first shown first',
        security,
        body: SlideReorderSchema,
        response: { 200: SlideListSchema, ...errors, 409: ErrorBodySchema },
      },
    },
    async (request) => reorderSlides(ctx, request.user!, request.body.ids),
  );
}
