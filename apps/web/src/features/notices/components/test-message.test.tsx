import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freePort } from '@visa/test-support/ports';
import { FAKE_TWILIO, type FakeProviders, startFakeProviders } from '@visa/test-support/text-providers';
import { apiHarnessForFile } from '../../../../test/api-harness';
import { renderRoutes } from '../../../../test/render';
import { MessageSettingsForm } from './message-settings-form';

// The API under test speaks to a Twilio-shaped fake on loopback, whose address must be known first.
const port = await freePort();
// The harness sends every `fetch` to the API under test; the API's own calls to the fake must leave the process.
const networkFetch = globalThis.fetch;
const h = apiHarnessForFile({
  env: {
    SMS_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: FAKE_TWILIO.sid,
    TWILIO_AUTH_TOKEN: FAKE_TWILIO.token,
    TWILIO_FROM: FAKE_TWILIO.from,
    TWILIO_API_URL: `http://127.0.0.1:${port}`,
  },
});
let fake: FakeProviders;
let harnessFetch: typeof fetch;
beforeAll(async () => {
  fake = await startFakeProviders({ port });
  harnessFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => (String(input).startsWith(fake.url) ? networkFetch(input, init) : harnessFetch(input, init));
});
afterAll(async () => {
  globalThis.fetch = harnessFetch;
  await fake.close();
});
beforeEach(() => {
  fake.mode = 'ok';
});

const render = () => renderRoutes([{ path: '/settings', Component: MessageSettingsForm }], ['/settings'], { toaster: true });

describe('send a test message', () => {
  it("shows the provider's answer, accepted or refused, the number masked", async () => {
    await h.signIn('superadmin');
    const user = userEvent.setup();
    render();
    expect(await screen.findByLabelText('SMS')).toBeEnabled();
    await user.type(screen.getByLabelText('Send a test message to'), '01712-345678');
    await user.click(screen.getByRole('button', { name: 'Send test' }));
    expect(await screen.findByText('Sent. The provider answered: 201 queued')).toBeInTheDocument();
    expect(fake.received.at(-1)!.form.get('To')).toBe('+8801712345678');

    fake.mode = 'refuse';
    await user.click(screen.getByRole('button', { name: 'Send test' }));
    expect(
      await screen.findByText(
        "Refused. The provider answered: Twilio 400 error 21211: The 'To' number +8801••••••678 is not a valid phone number.",
      ),
    ).toBeInTheDocument();
  });
});
