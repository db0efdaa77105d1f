import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiHarnessForFile } from '../../../../test/api-harness';
import { renderRoutes } from '../../../../test/render';
import { seedApplication } from '../test/fixtures';
import { FailedTextMessagesAlert } from './failed-text-messages';
import { describeNoticeEvent } from '../lib/describe-notice-event';

const h = apiHarnessForFile({ reset: false, signedIn: true });

describe('failed status messages', () => {
  it('asks staff on the dashboard to call instead', async () => {
    const app = await seedApplication(h);
    const at = new Date().toISOString();
    await h.t.db
      .insertInto('outbox')
      .values({
        id: app._id,
        application_id: app._id,
        channel: 'sms',
        kind: 'status',
        from_status: 'pending',
        status: 'failed',
        attempts: 1,
        next_attempt_at: at,
        sent_status: null,
        recipient: null,
        provider_id: null,
        provider_status: null,
        last_error: 'Twilio 400 error 21211',
        sent_at: null,
        created_at: at,
      })
      .execute();
    renderRoutes([{ path: '/dashboard', Component: FailedTextMessagesAlert }], ['/dashboard']);
    expect(await screen.findByText(/1 status message by SMS or WhatsApp failed — call instead/)).toBeInTheDocument();
  });

  it('tells each outcome in the history, the number only masked', () => {
    expect(
      describeNoticeEvent('message.sent', {
        channel: 'sms',
        to: '+8801••••••678',
        provider: 'twilio',
        providerId: 'SM1',
        providerStatus: 'queued',
      }),
    ).toBe('SMS sent to +8801••••••678 (twilio id SM1, queued)');
    expect(
      describeNoticeEvent('message.failed', { channel: 'whatsapp', error: 'WhatsApp 400 error 131026: (#131026) Message undeliverable' }),
    ).toBe('WhatsApp failed: WhatsApp 400 error 131026: (#131026) Message undeliverable. Please call the applicant instead');
    expect(describeNoticeEvent('message.skipped', { channel: 'sms', reason: 'status unchanged' })).toBe(
      'SMS not sent: the status had come back to the one last reported',
    );
    expect(describeNoticeEvent('message.consent', { notify: ['email', 'sms'] })).toBe(
      'The applicant agreed to status messages by email, SMS',
    );
    expect(describeNoticeEvent('application.create', {})).toBeNull();
  });
});
