import { describe, expect, it } from 'vitest';
import { APPLICANT_FILE_MESSAGES, STATUS_ACTIONS, StatusActionBodySchema, displayDate, statusLabel } from './applicant-file.js';

describe('status action body', () => {
  it('takes no body, an empty object or null as "today", and a real date as given', () => {
    expect(StatusActionBodySchema.parse(undefined)).toEqual({});
    expect(StatusActionBodySchema.parse(null)).toEqual({});
    expect(StatusActionBodySchema.parse({})).toEqual({});
    expect(StatusActionBodySchema.parse({ date: '2026-11-21', other: 1 })).toEqual({ date: '2026-11-21' });
  });

  it('refuses dates that are not real calendar days of this century', () => {
    for (const date of ['2026-02-30', '21-11-2026', '0202-01-01', '2100-01-01', '', 20261121]) {
      const result = StatusActionBodySchema.safeParse({ date });
      expect(result.success, String(date)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(APPLICANT_FILE_MESSAGES.invalidDate);
    }
  });
});

describe('display helpers', () => {
  it('shows calendar dates without any time zone arithmetic', () => {
    expect(displayDate('2026-01-05')).toBe('5 January 2026');
    expect(displayDate(null)).toBe('');
    expect(displayDate('not a date')).toBe('not a date');
  });

  it('maps each action to the status it sets and its API path', () => {
    expect(Object.values(STATUS_ACTIONS).map((a) => [a.path, a.status])).toEqual([
      ['updateApplicationPending', 'pending'],
      ['updateApplicationApprove', 'approved'],
      ['updateApplicationReject', 'rejected'],
    ]);
    expect(statusLabel('approved')).toBe('Approved');
  });
});
