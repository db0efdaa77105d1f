import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAY_PAGE_TEXTS } from '@visa/shared/pay-page';
import { createApplication } from '@visa/test-support/applications';
import { type TestApp, createTestApp } from '@visa/test-support/test-app';
import { renderRoutes } from '../../../../test/render';
import { newSecretToken, sha256 } from '../../../../../api/src/lib/tokens';
import { appendEntry } from '../../../../../api/src/modules/domain/ledger/service';
import { insertLink } from '../../../../../api/src/modules/domain/payments/pay-link-repository';
import BengaliLayout from './bn/layout';
import PublicLayout from './layout';
import PayRoute from './pay';
import { goTo } from '../../../features/payments/go-to';

vi.mock('../../../features/payments/go-to', () => ({ goTo: vi.fn() }));

// The pay page (ADR 0091) against the real GET /api/pay; the gateways' start routes answer as their
// own tests pin them: {redirectUrl}.
const XSRF = 'pay-page-xsrf';
let t: TestApp;
const started: { url: string; headers: Record<string, string>; body: string }[] = [];
/** The start route's next answer, when a test wants another than the page to go to. */
let nextStart: Response | undefined;

async function owing(amountMinor: number): Promise<string> {
  const application = await createApplication(t.db, { given_name: 'Rahim Uddin' });
  const at = new Date();
  await t.db.transaction().execute((trx) =>
    appendEntry(trx, {
      applicationId: application.id,
      kind: 'charge',
      amountMinor,
      currency: 'BDT',
      occurredOn: at.toISOString().slice(0, 10),
      actorId: null,
      at,
    }),
  );
  const token = newSecretToken();
  await insertLink(t.db, {
    id: application.id,
    tokenHash: sha256(token),
    applicationId: application.id,
    createdBy: null,
    createdAt: at.toISOString(),
    expiresAt: new Date(at.getTime() + 86_400_000).toISOString(),
  });
  return token;
}

beforeAll(async () => {
  t = await createTestApp();
  // Both gateways configured, as their credentials turn them on; the page is offered both.
  Object.assign(t.config, {
    BKASH_APP_KEY: 'key',
    BKASH_APP_SECRET: 'secret',
    BKASH_USERNAME: 'user',
    BKASH_PASSWORD: 'pass',
    SSLCOMMERZ_STORE_ID: 'store',
    SSLCOMMERZ_STORE_PASSWORD: 'store-pass',
  });
  configure({ defaultHidden: true });
  vi.stubGlobal('fetch', async (input: string | URL, init: RequestInit = {}) => {
    const url = String(input);
    const headers = init.headers as Record<string, string>;
    if (url.startsWith('/api/pay/')) {
      started.push({ url, headers, body: String(init.body) });
      const answer = nextStart;
      nextStart = undefined;
      if (answer) return answer;
      return Response.json({ redirectUrl: `https://gateway.example/${url.slice(9)}` });
    }
    const res = await t.app.inject({ method: 'GET', url, headers: { ...headers, cookie: `XSRF-TOKEN=${XSRF}` } });
    return new Response(res.body, { status: res.statusCode, headers: { 'content-type': 'application/json' } });
  });
});
// The anti-forgery cookie the server sets on every answer; test/setup.ts clears cookies after each test.
beforeEach(() => {
  document.cookie = `XSRF-TOKEN=${XSRF}; path=/`;
});
afterAll(async () => {
  configure({ defaultHidden: false });
  vi.unstubAllGlobals();
  await t.close();
});

const routes = [
  { Component: PublicLayout, children: [{ path: '/pay', Component: PayRoute }] },
  { Component: BengaliLayout, children: [{ path: '/bn/pay', Component: PayRoute }] },
];

/** Opens the page as the link does: the token after `#`, which the page takes out of the address. */
function open(path: string, token: string) {
  history.replaceState(null, '', `${path}#${token}`);
  sessionStorage.clear();
  renderRoutes(routes, [path.replace(/#.*$/, '')]);
}

describe('the pay page', () => {
  it('shows the first name, what is due and the office, and starts a payment with the token in a header only', async () => {
    const token = await owing(2_512_350);
    open('/pay', token);
    expect(await screen.findByText('Hello Rahim,')).toBeInTheDocument();
    expect(screen.getByText('৳25,123.50')).toBeInTheDocument();
    expect(location.hash).toBe('');
    expect(location.href).not.toContain(token);
    // Each button is a real button, reached by the keyboard.
    fireEvent.click(screen.getByRole('button', { name: PAY_PAGE_TEXTS.en.gateways.bkash }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('https://gateway.example/bkash'));
    expect(started[0]).toMatchObject({ url: '/api/pay/bkash', body: '{"language":"en"}' });
    expect(started[0]!.headers).toMatchObject({ Authorization: `Bearer ${token}`, 'X-XSRF-TOKEN': XSRF });
    expect(screen.getByRole('button', { name: PAY_PAGE_TEXTS.en.gateways.sslcommerz })).toBeInTheDocument();
  });

  it('in Bangla: Bengali digits, and the result the gateway sent the payer back with', async () => {
    const token = await owing(150_000);
    open('/bn/pay?result=cancelled', token);
    expect(await screen.findByText('৳১,৫০০.০০')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(PAY_PAGE_TEXTS.bn.results.cancelled);
    // Another start on this link is still opening its page: the API's 409, said in Bangla.
    nextStart = Response.json({ message: 'A payment is being started on this link. Wait a moment and try again.' }, { status: 409 });
    fireEvent.click(screen.getByRole('button', { name: PAY_PAGE_TEXTS.bn.gateways.sslcommerz }));
    expect(await screen.findByText(PAY_PAGE_TEXTS.bn.startUnderWay)).toBeInTheDocument();
  });

  it('a wrong token gets the plain refusal; after paying in full only the thanks shows', async () => {
    open('/pay', 'A'.repeat(43));
    expect(await screen.findByRole('alert')).toHaveTextContent(PAY_PAGE_TEXTS.en.linkNotValid);
    cleanup();
    open('/pay?result=paid', 'B'.repeat(43));
    expect(screen.getByRole('status')).toHaveTextContent(PAY_PAGE_TEXTS.en.results.paid);
    await waitFor(() => expect(screen.queryByText(PAY_PAGE_TEXTS.en.loading)).not.toBeInTheDocument());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
