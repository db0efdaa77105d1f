import { describe, expect, it } from 'vitest';
import { APPLICATION_FIELDS } from './applications.js';
import { FIELD_LABELS, fieldLabelInSentence } from './field-labels.js';

describe('field labels', () => {
  it('label every field of the application form', () => {
    for (const field of APPLICATION_FIELDS) expect(FIELD_LABELS[field]).toMatch(/^[A-Z]/);
  });

  it('read inside a sentence with a lower-case first letter and abbreviations kept', () => {
    expect(fieldLabelInSentence('birthCity')).toBe('birth city');
    expect(fieldLabelInSentence('nationalId')).toBe('national ID');
    expect(fieldLabelInSentence('pending')).toBe('visa collect date');
  });
});
