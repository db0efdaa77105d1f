import { useEffect, useState } from 'react';
import { apiUrl } from '@visa/shared/api-paths';
import {
  PAY_PAGE_TEXTS,
  PAY_RESULTS,
  PAY_START_PATHS,
  type PayGateway,
  type PayPage as PayPageData,
  type PayResult,
  formatDue,
} from '@visa/shared/pay-page';
import { useLocale } from '../../lib/i18n';
import { requestHeaders } from '../../lib/http';
import { goTo } from './go-to';

type Loaded = { kind: 'loading' } | { kind: 'refused'; message: string } | { kind: 'ready'; page: PayPageData };

const TOKEN_KEY = 'visa-pay-link';

/**
 * The link's token: after `#`, so it never reaches a server log, a proxy or a Referer header. It is
 * taken out of the address bar at once and kept for this tab only, so the page still opens when the
 * gateway sends the payer back with the result.
 */
function takeToken(): string {
  const fromLink = decodeURIComponent(location.hash.replace(/^#/, ''));
  try {
    if (fromLink) {
      sessionStorage.setItem(TOKEN_KEY, fromLink);
      history.replaceState(history.state, '', location.pathname + location.search);
      return fromLink;
    }
    return sessionStorage.getItem(TOKEN_KEY) ?? '';
  } catch {
    return fromLink;
  }
}

/** The gateway's result the payer was sent back with (`?result=paid|failed|cancelled`), if any. */
function resultOf(search: string): PayResult | null {
  const value = new URLSearchParams(search).get('result');
  return PAY_RESULTS.find((r) => r === value) ?? null;
}

const isWebAddress = (value: unknown): value is string => typeof value === 'string' && /^https?:\/\//.test(value);

/**
 * The applicant's pay page (ADR 0091): prerendered as an empty shell, filled in the browser from the
 * token in the address's fragment, which goes to the API only as a Bearer header. Each gateway's
 * button starts a payment the same way and goes to the address the API answers.
 */
export function PayPage() {
  const { language } = useLocale();
  const t = PAY_PAGE_TEXTS[language];
  const [state, setState] = useState<Loaded>({ kind: 'loading' });
  const [result, setResult] = useState<PayResult | null>(null);
  const [token, setToken] = useState('');
  const [starting, setStarting] = useState<PayGateway | null>(null);
  const [startError, setStartError] = useState('');

  useEffect(() => {
    const taken = takeToken();
    setToken(taken);
    setResult(resultOf(location.search));
    if (!taken) return setState({ kind: 'refused', message: t.linkNotValid });
    fetch(apiUrl('getPayPage'), { headers: { Authorization: `Bearer ${taken}` }, cache: 'no-store' })
      .then(async (res) => {
        if (res.status === 404) return setState({ kind: 'refused', message: t.linkNotValid });
        const body = (await res.json()) as PayPageData | { message?: string };
        if (!res.ok || !('dueMinor' in body))
          return setState({ kind: 'refused', message: ('message' in body && body.message) || t.failed });
        setState({ kind: 'ready', page: body });
      })
      .catch(() => setState({ kind: 'refused', message: t.failed }));
    // Loaded once per page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const start = async (gateway: PayGateway) => {
    setStarting(gateway);
    setStartError('');
    try {
      const res = await fetch(PAY_START_PATHS[gateway], {
        method: 'POST',
        headers: requestHeaders({ headers: { Authorization: `Bearer ${token}` }, data: {} }),
        body: JSON.stringify({ language }),
        cache: 'no-store',
      });
      const body = (await res.json().catch(() => ({}))) as { redirectUrl?: unknown; message?: string };
      if (res.ok && isWebAddress(body.redirectUrl)) return goTo(body.redirectUrl);
      // Another start on this link is still opening its page: said in the page's own language.
      setStartError(res.status === 409 ? t.startUnderWay : body.message || t.startFailed);
    } catch {
      setStartError(t.startFailed);
    }
    setStarting(null);
  };

  return (
    <div className="container py-4 pay-page">
      <h1 className="page-title">{t.title}</h1>
      <noscript>
        <p>{t.noScript}</p>
      </noscript>
      {result && (
        <p role="status" className={`alert ${result === 'paid' ? 'alert-success' : 'alert-warning'}`}>
          {t.results[result]}
        </p>
      )}
      {state.kind === 'loading' && <p aria-busy="true">{t.loading}</p>}
      {/* Back from paying in full, the link is closed: the thanks above says all there is. */}
      {state.kind === 'refused' && result !== 'paid' && (
        <p role="alert" className="alert alert-warning">
          {state.message}
        </p>
      )}
      {state.kind === 'ready' && (
        <>
          <p className="lead">{t.greeting(state.page.firstName)}</p>
          <p>{t.intro}</p>
          <p>
            {t.due}: <strong className="pay-due">{formatDue(state.page.dueMinor, language)}</strong>
          </p>
          {state.page.gateways.length === 0 ? (
            <p>{t.noGateway}</p>
          ) : (
            <div className="d-grid gap-2 pay-gateways">
              {state.page.gateways.map((gateway) => (
                <button
                  key={gateway}
                  type="button"
                  className="btn btn-primary btn-lg"
                  disabled={starting !== null}
                  aria-busy={starting === gateway}
                  onClick={() => void start(gateway)}
                >
                  {starting === gateway ? t.starting : t.gateways[gateway]}
                </button>
              ))}
            </div>
          )}
          {startError && (
            <p role="alert" className="alert alert-danger mt-3">
              {startError}
            </p>
          )}
          <section aria-labelledby="pay-office-title" className="mt-4">
            <h2 id="pay-office-title" className="h6">
              {t.office}
            </h2>
            <p className="mb-0">{state.page.office.name[language]}</p>
          </section>
        </>
      )}
    </div>
  );
}
