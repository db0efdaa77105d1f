import type { FastifyInstance, HTTPMethods } from 'fastify';
import { API_PATHS, type ApiAccess, type ApiKey } from '@visa/shared/api-paths';
import { API_ROUTES, type ApiRoutes } from '@visa/shared/api-routes';

/**
 * Route declarations from the route table (packages/shared/src/api-routes.ts, ADR 0061): the method,
 * the address and the schemas come from the table entry, so they are written once for the API,
 * its OpenAPI document and the web app; a route file adds its handler and the document's prose.
 */

/** What a route file adds to its table entry for the OpenAPI document. */
export interface RouteDocs {
  tags: string[];
  summary: string;
  description?: string;
  consumes?: string[];
  produces?: string[];
}

/** The operations a caller needs a token for say so; a public one sends none. */
const BEARER = [{ bearer: [] }];

type Schemas<K extends ApiKey> = Omit<ApiRoutes[K], 'method' | 'path' | 'access'>;
type Method<K extends ApiKey> = ApiRoutes[K]['method'] extends string ? ApiRoutes[K]['method'] : HTTPMethods[];

/**
 * Method, URL (the table's path under the scope's prefix) and schema of route `key`, to spread
 * into `route({ ..., handler })`. A path outside the scope's prefix cannot be declared there.
 */
export function apiRoute<K extends ApiKey>(app: FastifyInstance, key: K, docs: RouteDocs) {
  const { method, path, access, ...schemas } = API_ROUTES[key];
  if (!path.startsWith(app.prefix)) throw new Error(`route ${key} (${path}) cannot be declared under ${app.prefix}`);
  return {
    method: (typeof method === 'string' ? method : [...method]) as Method<K>,
    url: path.slice(app.prefix.length),
    schema: { ...docs, ...(access === 'public' ? {} : { security: BEARER }), ...(schemas as Schemas<K>) },
  };
}

/** A route as Fastify declared it in a route group, with the group's access rule. */
export interface DeclaredRoute {
  method: string | string[];
  url: string;
  access: ApiAccess;
}

/** Keeps, in `into`, every route the group declares (its scope's nested scopes included). */
export function recordRoutes<O>(
  access: ApiAccess,
  routes: (app: FastifyInstance, opts: O) => Promise<void>,
  into: DeclaredRoute[],
): (app: FastifyInstance, opts: O) => Promise<void> {
  return async function recorded(scope, opts) {
    scope.addHook('onRoute', (route) => {
      into.push({ method: route.method, url: route.url ?? route.path, access });
    });
    await routes(scope, opts);
  };
}

/** A prefix's own `/` route is declared at the prefix itself; the table writes it with the slash. */
const sameAddress = (a: string, b: string) => a.replace(/\/$/, '') === b.replace(/\/$/, '');
const isApi = (url: string) => url === '/api' || url.startsWith('/api/');

interface TableEntry {
  method: string | readonly string[];
  path: string;
  access: ApiAccess;
}

/**
 * How the declared routes differ from the table, one sentence each; empty when they agree. Only
 * addresses under /api are the table's: the site's own (pages' forms, files, robots.txt) are not
 * API routes. A HEAD that Fastify adds beside a GET is not a route of its own.
 */
export function routeTableMismatches(declared: DeclaredRoute[], table: Readonly<Record<string, TableEntry>> = API_PATHS): string[] {
  const problems: string[] = [];
  const found = new Set<string>();
  const operations = declared.flatMap((route) => [route.method].flat().map((method) => ({ ...route, method })));
  const hasGet = (url: string) => operations.some((op) => op.method === 'GET' && op.url === url);
  for (const op of operations) {
    if (!isApi(op.url)) continue;
    const key = Object.keys(table).find((k) => sameAddress(table[k]!.path, op.url) && [table[k]!.method].flat().includes(op.method));
    if (!key) {
      if (!(op.method === 'HEAD' && hasGet(op.url))) problems.push(`${op.method} ${op.url} is declared but is not in the route table`);
      continue;
    }
    found.add(`${key} ${op.method}`);
    const { access } = table[key]!;
    if (access !== op.access) problems.push(`${op.method} ${op.url} (${key}) is declared for ${op.access}, the route table says ${access}`);
  }
  for (const [key, { method, path }] of Object.entries(table)) {
    for (const m of [method].flat())
      if (!found.has(`${key} ${m}`)) problems.push(`${key} (${m} ${path}) is in the route table but no route declares it`);
  }
  return problems;
}

/** Stops the start when the declared routes and the table differ. */
export function checkRouteTable(declared: DeclaredRoute[]): void {
  const problems = routeTableMismatches(declared);
  if (problems.length > 0) throw new Error(`The API's routes differ from its route table:\n${problems.join('\n')}`);
}
