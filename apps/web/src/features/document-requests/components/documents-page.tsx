import { useEffect, useState } from 'react';
import { apiUrl } from '@visa/shared/api-paths';
import { DOCUMENTS_PAGE_TEXTS, DOCUMENT_TOKEN_HEADER, type PageItem, type PageRequest, UPLOADS_PATH } from '@visa/shared/documents-page';
import { PRIVACY_WORDS } from '@visa/shared/privacy-notice-view';
import { paths } from '../../../config/paths';
import { useLocale } from '../../../lib/i18n';
import { localePath } from '../../../lib/locales/paths';
import { ItemUpload } from './item-upload';

type Loaded = { kind: 'loading' } | { kind: 'refused'; message: string } | { kind: 'ready'; request: PageRequest };

const TOKEN_KEY = 'visa-document-link';

/**
 * The link's token: after `#`, so it never reaches a server log, a proxy or a Referer header. It is
 * taken out of the address bar at once (a screenshot or a shared address then carries nothing) and
 * kept for this tab only, so a reload still opens the list and resumes an upload.
 */
function takeToken(): string {
  const fromLink = decodeURIComponent(location.hash.replace(/^#/, ''));
  try {
    if (fromLink) {
      sessionStorage.setItem(TOKEN_KEY, fromLink);
      history.replaceState(history.state, '', location.pathname);
      return fromLink;
    }
    return sessionStorage.getItem(TOKEN_KEY) ?? '';
  } catch {
    return fromLink;
  }
}

const TYPE_NAMES: Record<string, string> = { 'image/jpeg': 'JPEG', 'image/png': 'PNG', 'application/pdf': 'PDF' };

/**
 * The applicant's document list (ADR 0046): prerendered as an empty shell, filled in the browser
 * from the token in the address's fragment, sent to the API in a header only.
 */
export function DocumentsPage() {
  const { language } = useLocale();
  const t = DOCUMENTS_PAGE_TEXTS[language];
  const [state, setState] = useState<Loaded>({ kind: 'loading' });
  const [token, setToken] = useState('');

  const load = async (token: string) => {
    if (!token) return setState({ kind: 'refused', message: t.linkNotValid });
    try {
      const res = await fetch(apiUrl('getDocumentsPage'), { headers: { [DOCUMENT_TOKEN_HEADER]: token }, cache: 'no-store' });
      if (res.status === 404) return setState({ kind: 'refused', message: t.linkNotValid });
      const body = (await res.json()) as PageRequest | { message: string };
      if (!res.ok || !('items' in body)) return setState({ kind: 'refused', message: 'message' in body ? body.message : t.failed });
      setState({ kind: 'ready', request: body });
    } catch {
      setState({ kind: 'refused', message: t.failed });
    }
  };
  useEffect(() => {
    const taken = takeToken();
    setToken(taken);
    void load(taken);
    // Loaded once per page; each upload reloads the list itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div className="container py-4 documents-page">
      <h1 className="page-title">{t.title}</h1>
      <noscript>
        <p>{t.noScript}</p>
      </noscript>
      {state.kind === 'loading' && <p aria-busy="true">{t.loading}</p>}
      {state.kind === 'refused' && (
        <p role="alert" className="alert alert-warning">
          {state.message}
        </p>
      )}
      {state.kind === 'ready' && (
        <>
          <p className="lead">{t.greeting(state.request.firstName)}</p>
          <p>{t.intro}</p>
          <p className="small">
            {PRIVACY_WORDS[language].formNote} <a href={localePath(paths.privacy, language)}>{PRIVACY_WORDS[language].link}</a>
          </p>
          <p>
            <strong>{t.due(state.request.dueDate)}</strong>
          </p>
          <ul className="list-unstyled document-items">
            {state.request.items.map((item: PageItem) => (
              <li key={item.id} className="card mb-3">
                <div className="card-body">
                  <h2 className="h5 mb-1">{item.label[language]}</h2>
                  <p className="mb-1 text-muted small">
                    {item.required ? t.required : t.optional} ·{' '}
                    {t.accepts(item.types.map((type) => TYPE_NAMES[type] ?? type).join(', '), Math.floor(item.maxBytes / (1024 * 1024)))}
                  </p>
                  <p className="mb-1" data-state={item.state}>
                    <strong>{t.states[item.state]}</strong>
                  </p>
                  {item.state === 'asked_again' && item.reason && (
                    <p className="mb-1">
                      {t.reason} {item.reason}
                    </p>
                  )}
                  {(item.state === 'to_send' || item.state === 'asked_again') && (
                    <ItemUpload item={item} token={token} endpoint={UPLOADS_PATH} texts={t} onDone={() => void load(token)} />
                  )}
                </div>
              </li>
            ))}
          </ul>
          <section aria-labelledby="office-title" className="mt-4">
            <h2 id="office-title" className="h6">
              {t.office}
            </h2>
            <p className="mb-0">{state.request.office.name[language]}</p>
            {state.request.office.phone && (
              <p className="mb-0">
                <a href={`tel:${state.request.office.phone}`}>{state.request.office.phone}</a>
              </p>
            )}
            {state.request.office.email && (
              <p className="mb-0">
                <a href={`mailto:${state.request.office.email}`}>{state.request.office.email}</a>
              </p>
            )}
          </section>
        </>
      )}
    </div>
  );
}
