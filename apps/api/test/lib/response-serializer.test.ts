import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApplicationPageSchema, ApplicationSchema } from '@visa/shared/applications';
import { EnquiryResponseSchema } from '@visa/shared/enquiry';
import { ErrorBodySchema } from '@visa/shared/errors';
import { UserSchema } from '@visa/shared/users';
import { ENQUIRY_APPLICANT, createApplication } from '@visa/test-support/applications';
import { type TestApp } from '@visa/test-support/test-app';
import { responseSerializerCompiler } from '../../src/lib/response-serializer.js';
import { appForFile } from '@visa/test-support/file-app';

const compile = (schema: z.ZodType) => responseSerializerCompiler({ schema, method: 'GET', url: '/test', httpStatus: '200' });

describe('the compiled response serializer (ADR 0027)', () => {
  it('writes only the properties the schema names, as zod parsing left them', () => {
    const serialize = compile(UserSchema);
    const user = { _id: '0123456789abcdef01234567', name: 'Rafiq', email: 'rafiq@example.com', role: 'admin' };
    const json = serialize({ ...user, sessionFamily: 'must-not-leave', sessionInfo: { now: 'x' } });
    expect(JSON.parse(json)).toEqual(user);
  });

  it('leaves optional properties out and keeps nulls as null', () => {
    expect(JSON.parse(compile(ErrorBodySchema)({ message: 'No' }))).toEqual({ message: 'No' });
    const nullable = compile(z.object({ image: z.string().nullable(), count: z.number().int().nullable() }));
    expect(JSON.parse(nullable({ image: null, count: null }))).toEqual({ image: null, count: null });
    expect(JSON.parse(nullable({ image: '/files/a.jpg', count: 3 }))).toEqual({ image: '/files/a.jpg', count: 3 });
  });

  it('still refuses an answer that lacks a required property', () => {
    expect(() => compile(UserSchema)({ _id: '0123456789abcdef01234567', name: 'Rafiq', role: 'admin' })).toThrow(/email/);
  });

  it('compiles a schema once however many apps ask, and each schema for itself', () => {
    const schema = z.object({ name: z.string() });
    expect(compile(schema)).toBe(compile(schema));
    const other = z.object({ name: z.string(), age: z.number() });
    expect(compile(other)).not.toBe(compile(schema));
    expect(JSON.parse(compile(other)({ name: 'Rafiq', age: 30, extra: 1 }))).toEqual({ name: 'Rafiq', age: 30 });
  });

  it('keeps the zod serializer for a schema JSON Schema cannot express', () => {
    const serialize = compile(z.object({ n: z.string().transform((s) => s.length) }));
    expect(() => serialize({ n: 42 })).toThrow();
  });
});

describe('answers on the wire parse under their zod schemas unchanged', () => {
  const t = appForFile();

  it('the staff list, one application, the signed-in user, the status check and an error', async () => {
    const staff = await t.createStaff('admin');
    const row = await createApplication(t.db, { ...ENQUIRY_APPLICANT });
    const cases: [string, z.ZodType, Parameters<TestApp['request']>[0]][] = [
      ['list', ApplicationPageSchema, { method: 'GET', url: '/api/application/fetchApplication?page=1&limit=10', token: staff.token }],
      ['one', ApplicationSchema, { method: 'GET', url: `/api/application/fetchApplication/${row.id}`, token: staff.token }],
      ['me', UserSchema, { method: 'GET', url: '/api/users/me', token: staff.token }],
      [
        'enquiry',
        EnquiryResponseSchema,
        {
          method: 'GET',
          url: '/api/application/fetchApplicationEnquiry',
          query: { search: row.passport, search1: row.current_nationality, search2: row.dob },
          remoteAddress: '10.9.9.9',
        },
      ],
      ['401', ErrorBodySchema, { method: 'GET', url: '/api/users/me' }],
    ];
    for (const [name, schema, request] of cases) {
      const res = await t.request(request);
      const body: unknown = res.json();
      expect(res.statusCode, name).toBe(name === '401' ? 401 : 200);
      // Parsing strips unknown keys and fails on wrong types: equal means nothing extra, nothing wrong.
      expect(schema.parse(body), name).toEqual(body);
    }
    const list = (await t.request(cases[0]![2])).json() as z.infer<typeof ApplicationPageSchema>;
    expect(list.applications.map((a) => a._id)).toContain(row.id);
  });
});
