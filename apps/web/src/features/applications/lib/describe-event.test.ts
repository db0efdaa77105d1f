import { describe, expect, it } from 'vitest';
import type { HistoryEvent } from '@visa/shared/applicant-file';
import { AUDIT_ACTIONS } from '@visa/shared/audit-actions';
import { VIEW } from '@visa/shared/ui-texts';
import { statusActionError, uploadError } from './action-errors';
import { describeEvent } from './describe-event';
import { HttpError } from '../../../lib/http';

const event = (action: string, details: Record<string, unknown> = {}): HistoryEvent => ({
  _id: 'x',
  action,
  at: '2026-11-21T10:00:00.000Z',
  actor: null,
  details,
});

describe('history sentences', () => {
  it('names each kind of change', () => {
    expect(describeEvent(event('application.create'))).toBe('Application created');
    expect(describeEvent(event('application.anonymised', { rule: 'withdrawn', expiredOn: '2030-06-09' }))).toBe(
      'Personal data anonymised: consent withdrawn',
    );
    expect(describeEvent(event('application.erased', { reason: 'Asked by the applicant' }))).toBe(
      'Personal data erased: Asked by the applicant',
    );
    expect(describeEvent(event('application.update', { fields: ['givenN', 'passport'], image: true }))).toBe(
      'Details edited: given name, passport, image',
    );
    expect(describeEvent(event('application.status', { from: 'pending', to: 'approved', date: '2026-11-21' }))).toBe(
      'Status changed from Pending to Approved (visa approve date 21 Nov 2026)',
    );
    expect(describeEvent(event('application.status', { from: 'approved', to: 'pending', date: '2026-12-01' }))).toBe(
      'Status changed from Approved to Pending (visa collect date 1 Dec 2026)',
    );
    expect(describeEvent(event('application.status', { from: 'approved', to: 'rejected', date: null }))).toBe(
      'Status changed from Approved to Rejected',
    );
    expect(
      describeEvent(
        event('application.documents.add', {
          documents: [
            { label: 'Visa', name: 'v.jpg' },
            { label: 'LMIA', name: 'l.png' },
          ],
        }),
      ),
    ).toBe('Documents added: Visa (v.jpg), LMIA (l.png)');
    expect(describeEvent(event('application.documents.remove', { label: 'Visa' }))).toBe('Document removed: Visa');
    expect(describeEvent(event('application.import_file.stored', { field: 'image', name: 'photo.jpg' }))).toBe(
      'Photo brought in from the earlier app (photo.jpg)',
    );
    expect(
      describeEvent(
        event('application.import_file.missing', {
          field: 'file4',
          name: 'gone.jpg',
          reason: 'The earlier app answered 404 instead of the file.',
        }),
      ),
    ).toBe('Document 4 from the earlier app is missing (gone.jpg): The earlier app answered 404 instead of the file.');
    expect(describeEvent(event('email.sent', { subject: 'Hello', via: 'smtp' }))).toBe('Email sent to the applicant: Hello');
    expect(describeEvent(event('email.failed', { subject: 'Hello', attempts: 10 }))).toBe(
      'Email could not be delivered after 10 attempts: Hello',
    );
  });

  it('names the privacy events: consent given at intake, withdrawn with what it cancelled, the data downloaded', () => {
    expect(describeEvent(event('privacy.consent_recorded', { version: 3 }))).toBe('The applicant agreed to privacy notice version 3');
    expect(describeEvent(event('privacy.consent_withdrawn', { cancelledEmails: 1, cancelledTexts: 2 }))).toBe(
      'The applicant withdrew consent; messages stopped (1 queued email and 2 text messages cancelled)',
    );
    expect(describeEvent(event('privacy.consent_withdrawn', { cancelledEmails: 0, cancelledTexts: 0 }))).toBe(
      'The applicant withdrew consent; messages stopped',
    );
    expect(describeEvent(event('privacy.data_downloaded', { documents: 2, photo: true }))).toBe("The applicant's data was downloaded");
  });

  it('names the steps of a document request with the channels it went by', () => {
    expect(
      describeEvent(
        event('document_request.sent', { dueDate: '2026-12-01', items: ['Passport', 'Photo'], replaced: true, channels: ['email', 'sms'] }),
      ),
    ).toBe('Document request sent by email, SMS, due 2026-12-01: Passport, Photo (the earlier link stopped working)');
    expect(describeEvent(event('document_request.received', { item: 'Passport', type: 'pdf' }))).toBe(
      'Document received from the applicant: Passport',
    );
    expect(describeEvent(event('document_request.accepted', { item: 'Passport' }))).toBe('Document accepted: Passport');
  });

  it('reads every action the API can record as words, never as its stored key', () => {
    for (const action of Object.values(AUDIT_ACTIONS).flatMap((group) => Object.values(group))) {
      const sentence = describeEvent(event(action));
      expect(sentence, action).not.toContain(action);
      expect(sentence, action).not.toMatch(/\b[a-z]+[._][a-z_]+\b/);
    }
    expect(describeEvent(event('application.export'))).toBe('Applications exported');
    // A name written by an older release and gone from the list still reads as words.
    expect(describeEvent(event('slide.renamed'))).toBe('Slide renamed');
  });
});

describe('status action errors', () => {
  const config = { method: 'PUT' as const, url: '/api/application/status' };
  it('a server answer: "Failed to … application..." with the reason', () => {
    const error = new HttpError('Request failed', 'ERR_BAD_RESPONSE', config, {
      status: 409,
      data: { message: 'This application is already pending.' },
      headers: {},
      config,
    });
    expect(statusActionError('pending', error)).toEqual({ message: VIEW.pendingFailed, detail: 'This application is already pending.' });
    expect(statusActionError('reject', error).message).toBe('Failed to reject application...');
  });

  it('no answer: "Error … {message}. Please try again."', () => {
    const error = new HttpError('timeout of 0ms exceeded', 'ECONNABORTED', config);
    expect(statusActionError('reject', error)).toEqual({
      message: 'Error rejecting application: timeout of 0ms exceeded. Please try again.',
    });
    expect(uploadError(error)).toBe('The upload took longer than 10 seconds. Please try again with fewer or smaller files.');
  });
});
