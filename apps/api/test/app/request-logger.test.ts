import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { lazyRequestLogger, requestLogController } from '../../src/lib/logging.js';

/** A Fastify app with the app's request loggers at `level`, its lines in an array. */
async function appAt(level: string) {
  const lines: Record<string, unknown>[] = [];
  const app = Fastify({
    logger: { level, stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
    childLoggerFactory: lazyRequestLogger,
    logController: requestLogController(),
  });
  app.get('/quiet', () => 'ok');
  app.get('/loud', (request) => {
    request.log.info('routine');
    request.log.warn('careful');
    request.log.child({ step: 'two' }).error('broken');
    return 'ok';
  });
  await app.ready();
  return { app, lines, child: vi.spyOn(app.log, 'child') };
}

describe('a request’s logger is made when the request first logs', () => {
  it('not at all for a request that logs nothing', async () => {
    const { app, child } = await appAt('warn');
    expect((await app.inject('/quiet')).statusCode).toBe(200);
    expect(child).not.toHaveBeenCalled();
    await app.close();
  });

  it('with the request’s id on every line written, and the levels that are off still off', async () => {
    const { app, lines } = await appAt('warn');
    await app.inject('/loud');
    const logged = lines.filter((l) => l.msg !== undefined).map((l) => [l.msg, l.reqId !== undefined, l.step]);
    expect(logged).toEqual([
      ['careful', true, undefined],
      ['broken', true, 'two'],
    ]);
    await app.close();
  });

  it('at info, one line per answer carries the id, without making the request’s logger', async () => {
    const { app, lines, child } = await appAt('info');
    await app.inject('/quiet');
    await app.inject('/quiet');
    expect(lines.map((l) => [l.msg, l.reqId, (l.res as { statusCode?: number }).statusCode, typeof l.responseTime])).toEqual([
      ['request completed', 'req-1', 200, 'number'],
      ['request completed', 'req-2', 200, 'number'],
    ]);
    expect(child).not.toHaveBeenCalled();
    await app.close();
  });

  it('a request that logs writes its own lines with the same id as its answer’s line', async () => {
    const { app, lines } = await appAt('info');
    await app.inject('/loud');
    const ids = new Set(lines.map((l) => l.reqId));
    expect(lines.map((l) => l.msg)).toEqual(['routine', 'careful', 'broken', 'request completed']);
    expect(ids.size).toBe(1);
    await app.close();
  });
});
