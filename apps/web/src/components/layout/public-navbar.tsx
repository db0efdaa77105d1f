import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { rememberLanguage, useLocale } from '../../lib/i18n';
import { basePath, isBilingualPath, localePath } from '../../lib/locales/paths';
import { useScrolledPast } from '../../lib/use-scrolled-past';

/**
 * Fixed top bar (docs/product.md#navigation): logo to '/', HOME, VISA ENQUIRY, LOGIN and the other
 * language. Below lg (992 px) the links collapse behind a toggle with a 300 ms transition; once the
 * page is scrolled past 100 px the bar takes its 'active' look. Plain markup with Bootstrap's
 * classes instead of react-bootstrap keeps the public pages' JavaScript small (ADR 0010).
 */
export function PublicNavbar() {
  const { language, texts, linkLanguage } = useLocale();
  const m = texts.nav;
  const { pathname, search, hash, state } = useLocation();
  const scrolled = useScrolledPast();
  const [expanded, setExpanded] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);

  // A new page closes the menu, also one shown again from the back-forward cache (public pages
  // are separate documents, ADR 0029).
  useEffect(() => setExpanded(false), [pathname]);
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setExpanded(false);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  useEffect(() => {
    if (!expanded) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setExpanded(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [expanded]);

  const other = language === 'bn' ? 'en' : 'bn';
  // Pages that exist in one language only (the login page) offer the other language's home page.
  const otherTarget = isBilingualPath(pathname) ? localePath(basePath(pathname), other) + search + hash : localePath(paths.home, other);
  const to = (path: string) => localePath(path, linkLanguage);

  return (
    <header>
      <nav className={`navbar navbar-expand-lg navbar-dark fixed-top site-navbar${scrolled ? ' active' : ''}`} aria-label={m.label}>
        <div className="container">
          <Link className="navbar-brand d-flex align-items-center gap-2" to={to(paths.home)}>
            <img src="/logo.svg" alt="" width="36" height="36" />
            <span>{m.brand}</span>
          </Link>
          <button
            ref={toggleRef}
            className="navbar-toggler"
            type="button"
            aria-controls="main-nav"
            aria-expanded={expanded}
            onClick={() => setExpanded((open) => !open)}
          >
            <span className="navbar-toggler-icon" aria-hidden="true" />
            <span className="visually-hidden">{m.toggle}</span>
          </button>
          <div id="main-nav" className={`navbar-collapse site-collapse${expanded ? ' open' : ''}`}>
            <ul className="navbar-nav ms-auto align-items-lg-center">
              <li className="nav-item">
                <NavLink className="nav-link" to={to(paths.home)} end>
                  {m.home}
                </NavLink>
              </li>
              <li className="nav-item">
                <NavLink className="nav-link" to={to(paths.enquiry)}>
                  {m.enquiry}
                </NavLink>
              </li>
              <li className="nav-item">
                <NavLink className="nav-link" to={paths.login}>
                  {m.login}
                </NavLink>
              </li>
              <li className="nav-item ms-lg-3 py-2 py-lg-0">
                <Link
                  className="btn btn-outline-light btn-sm language-switch"
                  to={otherTarget}
                  // The page's own navigation state goes along (the /view-one result lives there,
                  // never in the URL), so switching language keeps what is on screen (ADR 0020).
                  state={isBilingualPath(pathname) ? state : undefined}
                  lang={other}
                  hrefLang={other}
                  onClick={() => rememberLanguage(other)}
                >
                  {m.otherLanguage}
                </Link>
              </li>
            </ul>
          </div>
        </div>
      </nav>
    </header>
  );
}
