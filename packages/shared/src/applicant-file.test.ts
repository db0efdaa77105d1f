import { describe, expect, it } from 'vitest';
import { API_PATHS } from './api-paths.js';
import { APPLICANT_FILE_TEXTS, STATUS_ACTIONS, StatusActionBodySchema, copySections, statusLabel } from './applicant-file.js';
import type { Application } from './applications.js';

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
      expect(result.error?.issues[0]?.message).toBe(APPLICANT_FILE_TEXTS.invalidDate);
    }
  });
});

describe('display helpers', () => {
  it('maps each action to the status it sets and its API address', () => {
    expect(Object.values(STATUS_ACTIONS).map((a) => [API_PATHS[a.route].path, a.status])).toEqual([
      ['/api/application/updateApplicationPending/:id', 'pending'],
      ['/api/application/updateApplicationApprove/:id', 'approved'],
      ['/api/application/updateApplicationReject/:id', 'rejected'],
    ]);
    expect(statusLabel('approved')).toBe('Approved');
  });
});

describe("the copy's last section", () => {
  const base = { surname: 'Hossain', givenN: 'Farida', dob: '1990-01-02', pending: '2026-11-30', approve: null } as unknown as Application;
  const last = (a: Partial<Application>) => copySections({ ...base, ...a }).at(-1);

  it('gives the visa dates only for an approved application', () => {
    expect(last({ isStatus: 'approved', approve: '2026-12-10' })).toEqual({
      title: 'Visa Dates',
      rows: [
        ['Processing started', '30 Nov 2026'],
        ['Visa approve date', '10 Dec 2026'],
      ],
    });
  });

  it('says since when a pending one waits and that news comes by email, without any collection wording', () => {
    const section = last({ isStatus: 'pending' });
    expect(section).toEqual({
      title: 'Application Status',
      rows: [
        ['Status', 'Pending — we will email you when there is news'],
        ['Pending since', '30 Nov 2026'],
      ],
    });
    expect(JSON.stringify(section)).not.toMatch(/collect|approve/i);
  });

  it('gives a rejected one the decision, without dates or collection wording', () => {
    const section = last({ isStatus: 'rejected' });
    expect(section).toEqual({ title: 'Application Status', rows: [['Status', 'Rejected — please contact our office for advice']] });
  });
});
