import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { API_PATHS } from '@visa/shared/api-paths';
import { appForFile } from '@visa/test-support/file-app';
import type { RouteOptions } from '../../src/context.js';
import { type DeclaredRoute, checkRouteTable, recordRoutes, routeTableMismatches } from '../../src/lib/api-routes.js';
import healthRoutes from '../../src/modules/kernel/health/routes.js';
import statusCheckRoutes from '../../src/modules/domain/status-check/routes.js';

/**
 * The API's routes and the route table (packages/shared/src/api-paths.ts, ADR 0061) must agree: a
 * route the table does not list, an entry no route declares, or a route group whose access rule is
 * not the table's stops the app from starting. The app these tests start has passed the check.
 */

const t = appForFile();

/** Every table entry as a route group would declare it, each with the table's own access rule. */
const asDeclared = (): DeclaredRoute[] =>
  Object.values(API_PATHS).map(({ method, path, access }) => ({
    method: typeof method === 'string' ? method : [...method],
    url: path.replace(/\/$/, ''),
    access,
  }));

/** The routes real route modules declare when registered under `prefix` with `access`. */
async function declaredBy(
  groups: [access: DeclaredRoute['access'], prefix: string, routes: (app: FastifyInstance, opts: RouteOptions) => Promise<void>][],
) {
  const app = Fastify();
  const declared: DeclaredRoute[] = [];
  // Only their handlers use the app's context, and nothing here is called.
  const ctx = {} as RouteOptions['ctx'];
  for (const [access, prefix, routes] of groups) await app.register(recordRoutes(access, routes, declared), { prefix, ctx });
  await app.close();
  return declared;
}

describe('the route table check', () => {
  it('finds nothing amiss in the table declared as it is, and the running app serves every entry', async () => {
    expect(routeTableMismatches(asDeclared())).toEqual([]);
    const res = await t.request({ method: 'GET', url: API_PATHS.health.path });
    expect(res.statusCode).toBe(200);
  });

  it('catches a planted route that is not in the table', () => {
    const planted = [...asDeclared(), { method: 'GET', url: '/api/users/planted', access: 'staff' as const }];
    expect(routeTableMismatches(planted)).toEqual(['GET /api/users/planted is declared but is not in the route table']);
    expect(() => checkRouteTable(planted)).toThrow(/GET \/api\/users\/planted is declared but is not in the route table/);
  });

  it('catches a table entry no route declares, and a method of it that is missing', () => {
    const declared = asDeclared().filter((route) => route.url !== API_PATHS.getSlide.path);
    const upload = declared.find((route) => route.url === '/api/uploads')!;
    upload.method = (upload.method as string[]).filter((m) => m !== 'PATCH');
    expect(routeTableMismatches(declared)).toEqual([
      'startUpload (PATCH /api/uploads/) is in the route table but no route declares it',
      'getSlide (GET /api/slider/fetchSlider/:id) is in the route table but no route declares it',
    ]);
  });

  it('catches a planted route group whose access differs from the table, with the real route modules', async () => {
    const declared = await declaredBy([
      ['staff', '/api', healthRoutes],
      ['public', '/api/application', statusCheckRoutes],
    ]);
    const problems = routeTableMismatches(declared);
    expect(problems).toContain('GET /api/health (health) is declared for staff, the route table says public');
    // The status check is public in the table too: nothing said about it but its fellow entries' absence.
    expect(problems.filter((p) => p.includes('fetchApplicationEnquiry'))).toEqual([]);
    expect(problems.filter((p) => p.includes('is declared'))).toHaveLength(1);
  });

  it("ignores the HEAD Fastify adds beside a GET, and the site's own addresses outside /api", async () => {
    const declared = await declaredBy([['public', '/api', healthRoutes]]);
    expect(declared.map((route) => route.method)).toEqual(['GET', 'HEAD']);
    const site = [{ method: 'GET', url: '/robots.txt', access: 'public' as const }];
    expect(routeTableMismatches([...asDeclared(), ...declared.slice(1), ...site])).toEqual([]);
  });
});
