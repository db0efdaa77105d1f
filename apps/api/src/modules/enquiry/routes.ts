import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app.js';

/** /api/application/… routes of the enquiry module. */
export default async function enquiryRoutes(_app: FastifyInstance, _deps: AppDeps) {}
