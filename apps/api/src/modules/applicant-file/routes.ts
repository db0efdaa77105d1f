import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app.js';

/** /api/application/… routes for one application's file: status actions, documents, history. */
export default async function applicantFileRoutes(_app: FastifyInstance, _deps: AppDeps) {}
