import type { z } from 'zod';
import { API_PATHS, type ApiKey } from './api-paths.js';
import { APPLICATION_ROUTES } from './api-routes/applications.js';
import { CASE_WORK_ROUTES } from './api-routes/case-work.js';
import { MONEY_ROUTES } from './api-routes/money.js';
import { SITE_ROUTES } from './api-routes/site.js';
import { USER_ROUTES } from './api-routes/users.js';

/**
 * Every API route with its request and response schemas (ADR 0061): api-paths.ts's table, each
 * entry with what the API validates and documents. Fastify's names, so that the API passes them to
 * its route declarations as they are. The schemas are kept in api-routes/ by area; each key once.
 */

export interface RouteSchemas {
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  response?: Readonly<Partial<Record<number, z.ZodType>>>;
}

const SCHEMAS = { ...USER_ROUTES, ...APPLICATION_ROUTES, ...CASE_WORK_ROUTES, ...MONEY_ROUTES, ...SITE_ROUTES } satisfies Record<
  ApiKey,
  RouteSchemas
>;

// Spreading the areas hides what the type cannot see: a key in two areas (the later one would
// quietly win) or one that names no route.
const areas: object[] = [USER_ROUTES, APPLICATION_ROUTES, CASE_WORK_ROUTES, MONEY_ROUTES, SITE_ROUTES];
const twice = Object.keys(API_PATHS).filter((key) => areas.filter((area) => key in area).length > 1);
const unknown = Object.keys(SCHEMAS).filter((key) => !(key in API_PATHS));
if (twice.length > 0 || unknown.length > 0)
  throw new Error(`api-routes: schemas twice for [${twice.join(', ')}], for no route [${unknown.join(', ')}]`);

export type ApiRoutes = { readonly [K in ApiKey]: (typeof API_PATHS)[K] & (typeof SCHEMAS)[K] };

export const API_ROUTES = Object.fromEntries(
  (Object.keys(API_PATHS) as ApiKey[]).map((key) => [key, { ...API_PATHS[key], ...SCHEMAS[key] }]),
  // Through unknown: TypeScript gives up comparing an object of this many routes with the mapped type.
) as unknown as ApiRoutes;
