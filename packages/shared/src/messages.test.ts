import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as m from './messages.js';

const specFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../shared/spec/product-spec.md');
const spec = fs.readFileSync(specFile, 'utf8');

/** Every message the spec words must be found in it, character for character. */
const worded: string[] = [
  ...Object.values(m.VALIDATION),
  ...Object.values(m.LOGIN),
  ...Object.values(m.ADD_ADMIN),
  ...Object.values(m.EDIT_ADMIN),
  ...Object.values(m.APPLICATION_LIST),
  m.ADD_APPLICATION.error,
  m.ADD_APPLICATION.fetchError,
  ...Object.values(m.EDIT_APPLICATION),
  m.VIEW.pendingFailed,
  m.VIEW.approveFailed,
  m.VIEW.rejectFailed,
  m.VIEW.loadError,
  ...Object.values(m.VIEW_ONE),
  ...Object.values(m.SLIDER),
];

describe('messages', () => {
  it.each(worded)('"%s" appears in the spec word for word', (message) => {
    expect(spec).toContain(`'${message}'`);
  });

  it('fills the templated messages the way the spec writes them', () => {
    expect(spec).toContain(`'${m.pleaseEnterValid('{thing}')}'`);
    expect(spec).toContain(`'${m.documentInvalidType('{file}', '{type}')}'`);
    expect(spec).toContain(`'${m.documentTooLarge('{file}')}'`);
    expect(spec).toContain(`'${m.ADD_APPLICATION.failedWithStatus('{status}')}'`);
    expect(spec).toContain(`'${m.PROFILE.aborted('{message}')}'`);
  });
});
