import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteOptions } from '../../../context.js';
import { uploadRoutes } from '../../../plugins/uploads.js';
import { apiRoute } from '../../../lib/api-routes.js';
import { changeSlideImage, createSlide, fetchSlide, listSlidesFor, removeSlide, reorderSlides, updateSlide } from './service.js';
import { readSlideUpload } from './upload.js';

const tags = ['slides'];

/**
 * GET /api/slider/fetchSlider (docs/product.md#api-slides): public. Anonymous callers see the
 * published slides only; a caller with a bearer token is authenticated and sees them all.
 */
export async function slideListRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...apiRoute(app, 'listSlides', {
      tags,
      summary: 'Slides in display order: published ones for visitors, all of them for staff (with a bearer token)',
    }),
    // A token that does not verify is a 401, not a quiet fall-back to the public list: the staff
    // list must refresh its session rather than show published slides only.
    onRequest: app.authenticateIfPresent,
    handler: async (request, reply) => {
      const asStaff = request.user !== null;
      reply.header('vary', 'Authorization');
      reply.header('cache-control', asStaff ? 'private, no-store' : 'no-cache');
      return listSlidesFor(ctx, { publishedOnly: !asStaff });
    },
  });
}

/** The rest of /api/slider/… (docs/product.md#api-slides): for signed-in staff. */
export default async function slideRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // For /editSlider opened without navigation state (a reload or a shared link).
  r.route({
    ...apiRoute(app, 'getSlide', { tags, summary: 'One slide by id' }),
    handler: async (request, reply) => {
      const slide = await fetchSlide(ctx, request.params.id);
      reply.header('cache-control', 'private, no-store');
      return slide;
    },
  });

  r.route({
    ...apiRoute(app, 'updateSlide', { tags, summary: "Change a slide's fields (the item minus _id; unknown keys are ignored)" }),
    handler: async (request) => updateSlide(ctx, request.user!, request.params.id, request.body),
  });

  await uploadRoutes(app, (scope) => {
    const u = scope.withTypeProvider<ZodTypeProvider>();
    u.route({
      ...apiRoute(scope, 'createSlide', {
        tags,
        summary: 'Add a slide: multipart {thumbnail, title, status, link, altText, image}; it goes last',
        consumes: ['multipart/form-data'],
      }),
      handler: async (request, reply) => {
        const upload = await readSlideUpload(request);
        const slide = await createSlide(ctx, request.user!, upload);
        return reply.status(201).send(slide);
      },
    });

    u.route({
      ...apiRoute(scope, 'updateSlideImage', {
        tags,
        summary: "Replace a slide's picture: multipart {image}; the old files are removed",
        consumes: ['multipart/form-data'],
      }),
      handler: async (request) => {
        const upload = await readSlideUpload(request);
        return changeSlideImage(ctx, request.user!, request.params.id, upload);
      },
    });
  });

  r.route({
    ...apiRoute(app, 'deleteSlide', { tags, summary: 'Delete a slide and its picture files' }),
    handler: async (request) => {
      await removeSlide(ctx, request.user!, request.params.id);
      return { _id: request.params.id };
    },
  });

  r.route({
    ...apiRoute(app, 'reorderSlides', { tags, summary: 'Set the display order: {ids} names every slide once, first shown first' }),
    handler: async (request) => reorderSlides(ctx, request.user!, request.body.ids),
  });
}
