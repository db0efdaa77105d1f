import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LOGIN, PASSWORD, SERVER, VALIDATION } from '@visa/shared/ui-texts';
import { PASSWORD_RESET } from '@visa/shared/users';
import { resetLinkSentTo, resetTokenOf } from '@visa/test-support/reset-links';
import { apiHarnessForFile } from '../../../../test/api-harness';
import { renderRoutes } from '../../../../test/render';
import { ResetPasswordForm } from './reset-password-form';

const h = apiHarnessForFile();

const RESET_CALL = 'POST /api/users/reset-password';

/** A staff account and the token of the reset link just emailed to it, as the mail worker delivered it. */
async function emailedToken() {
  const staff = await h.t.createStaff('admin');
  const asked = await h.t.request({ method: 'POST', url: '/api/users/forgot-password', payload: { email: staff.email } });
  expect(asked.statusCode).toBe(200);
  return { staff, token: resetTokenOf(await resetLinkSentTo(h.t, staff.email)) };
}

function renderForm(token: string) {
  renderRoutes(
    [{ path: '/reset-password', Component: () => <ResetPasswordForm token={token} signIn={<a href="/login">Sign in</a>} /> }],
    ['/reset-password'],
  );
}

async function choose(password: string, confirm = password) {
  const user = userEvent.setup();
  for (const [label, value] of [
    ['New password', password],
    ['Confirm new password', confirm],
  ] as const) {
    const box = screen.getByLabelText(label);
    await user.clear(box);
    if (value) await user.type(box, value);
  }
  await user.click(screen.getByRole('button', { name: 'Set new password' }));
}

const newPassword = () => screen.getByLabelText('New password');

/** The refusal sits under the new password box, describes it, and is the page's only message. */
async function expectUnderTheBox(message: string) {
  await waitFor(() => expect(newPassword()).toHaveAccessibleDescription(message));
  expect(newPassword()).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([message]);
}

/** A message above the fields, the new password box left unmarked. */
async function expectAbove(message: string) {
  await waitFor(() => expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([message]));
  expect(newPassword()).not.toHaveAccessibleDescription(message);
}

describe('reset password form', () => {
  it("shows the server's refusals of the new password under its box (ADR 0017), and the link still works afterwards", async () => {
    const { staff, token } = await emailedToken();
    renderForm(token);
    await choose('iloveyou1234');
    await expectUnderTheBox(PASSWORD.common);
    const emailName = staff.email.slice(0, staff.email.indexOf('@'));
    await choose(`${emailName} and a long tail`);
    await expectUnderTheBox(PASSWORD.containsEmailName);
    expect(h.sentTo(RESET_CALL).map((r) => r.outcome)).toEqual([400, 400]);

    await choose('a brand new passphrase 42');
    expect(await screen.findByRole('status')).toHaveTextContent(PASSWORD_RESET.done);
  });

  it('refuses a short password before calling, under its box', async () => {
    renderForm('a-token-never-sent');
    await choose('short');
    await expectUnderTheBox(PASSWORD.tooShort);
    expect(h.sent).toEqual([]);
  });

  it('keeps the other messages above the fields: an empty box, a mismatch, a used link, no answer', async () => {
    renderForm('a-link-that-was-never-sent');
    await choose('a brand new passphrase 42', '');
    await expectAbove(VALIDATION.allFieldsRequired);
    await choose('a brand new passphrase 42', 'a different passphrase 43');
    await expectAbove(SERVER.passwordsMustMatch);
    expect(h.sent).toEqual([]);

    await choose('a brand new passphrase 42');
    await expectAbove(PASSWORD_RESET.invalidLink);
    expect(newPassword()).toHaveAttribute('aria-invalid', 'false');

    h.fault(RESET_CALL, 'network-error');
    await choose('a brand new passphrase 42');
    await expectAbove(LOGIN.noResponse);
  });

  it('clears a refusal under the box when the next try stops at a message above', async () => {
    const { token } = await emailedToken();
    renderForm(token);
    await choose('iloveyou1234');
    await expectUnderTheBox(PASSWORD.common);
    await choose('a brand new passphrase 42', '');
    await expectAbove(VALIDATION.allFieldsRequired);
    expect(newPassword()).not.toHaveAccessibleDescription(PASSWORD.common);
  });
});
