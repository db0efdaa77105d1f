import { describe, expect, it } from 'vitest';
import './zod-jitless';
import { z } from 'zod';

/**
 * zod-jitless.ts sets zod's jitless option through the global zod keeps its configuration in,
 * without importing zod. If a new zod kept its configuration elsewhere, this fails, rather than
 * the staff pages' policy reporting `new Function` in a browser.
 */
describe('zod without its code generation', () => {
  it('reads the option the module sets', () => {
    expect(z.config().jitless).toBe(true);
  });

  it('builds and parses an object schema with it', () => {
    expect(z.object({ count: z.number() }).parse({ count: 3 })).toEqual({ count: 3 });
  });
});
