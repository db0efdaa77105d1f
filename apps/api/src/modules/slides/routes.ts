import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app.js';

/** /api/slider/… routes of the slides module. */
export default async function slidesRoutes(_app: FastifyInstance, _deps: AppDeps) {}
