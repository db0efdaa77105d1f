import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app.js';

/** /api/application/… routes of the applications module. */
export default async function applicationsRoutes(_app: FastifyInstance, _deps: AppDeps) {}
