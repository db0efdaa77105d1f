import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { NOTICE_FORM_TEXTS } from '@visa/shared/notices';
import { apiHarnessForFile } from '../../../../test/api-harness';
import { renderRoutes } from '../../../../test/render';
import { MessageSettingsForm } from './message-settings-form';

const h = apiHarnessForFile();
beforeEach(async () => {
  await h.t.db.deleteFrom('app_settings').where('key', '=', 'messages').execute();
});

const render = () => renderRoutes([{ path: '/settings', Component: MessageSettingsForm }], ['/settings'], { toaster: true });

describe('Settings → Messages', () => {
  it('counts a Bangla text live and shows its preview', async () => {
    await h.signIn('superadmin');
    render();
    const bangla = await screen.findByLabelText('Approved: SMS in Bangla');
    fireEvent.change(bangla, { target: { value: 'প্রিয় {firstName}, আপনার আবেদন {status} হয়েছে' } });
    expect(bangla).toHaveAccessibleDescription(expect.stringContaining('UCS-2 · 1 SMS (70 per part)'));
    expect(screen.getByText('প্রিয় Karim, আপনার আবেদন অনুমোদিত হয়েছে')).toBeInTheDocument();
    // Each status in its own words, with the office's own address; no phone is set, so no sentence names one.
    expect(screen.getByLabelText('Rejected: SMS in English')).toHaveAccessibleDescription(
      expect.stringContaining(
        `Dear Karim, your visa application was rejected. Check it at ${h.t.config.publicUrl}/enquiry. Canada Visa Desk`,
      ),
    );
    expect(screen.getByTestId('office-phone-missing')).toHaveTextContent(NOTICE_FORM_TEXTS.officePhoneNote);
    // Channels without a provider on the server cannot be turned on.
    expect(screen.getByLabelText('SMS (no provider configured on the server)')).toBeDisabled();
  });

  it('says under the text which variable does not exist, and shows the refusal when saved anyway', async () => {
    await h.signIn('superadmin');
    const user = userEvent.setup();
    render();
    const english = await screen.findByLabelText('Pending: SMS in English');
    fireEvent.change(english, { target: { value: 'Dear {firstName}, passport {passport}' } });
    const message =
      'The template uses {passport}, which is not a variable. Use only {firstName}, {status}, {officeName}, {officePhone} and {statusLink}.';
    expect(english).toHaveAccessibleDescription(expect.stringContaining(message));
    await user.click(screen.getByRole('button', { name: 'Save messages' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    const stored = await h.t.request({ method: 'GET', url: '/api/users/settings/messages', token: h.staff.token });
    expect(stored.json().settings.sms.pending.en).not.toContain('{passport}');
  });

  it('saves quiet hours and limits', async () => {
    await h.signIn('superadmin');
    const user = userEvent.setup();
    render();
    fireEvent.change(await screen.findByLabelText('Quiet from'), { target: { value: '20:00' } });
    await user.clear(screen.getByLabelText('A day per number'));
    await user.type(screen.getByLabelText('A day per number'), '3');
    const emailSettle = screen.getByLabelText('Let status emails settle too');
    expect(emailSettle).not.toBeChecked();
    expect(emailSettle).toHaveAccessibleDescription(expect.stringContaining('Off: the status email goes at every change.'));
    await user.click(emailSettle);
    await user.click(screen.getByRole('button', { name: 'Save messages' }));
    expect(await screen.findByText('Message settings saved.')).toBeInTheDocument();
    const stored = await h.t.request({ method: 'GET', url: '/api/users/settings/messages', token: h.staff.token });
    expect(stored.json().settings).toMatchObject({
      quietHours: { start: '20:00', end: '08:00' },
      limits: { perNumberPerDay: 3 },
      emailSettle: true,
    });
  });
});
