import { useState } from 'react';
import { Container, Nav, Navbar } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { NavLink, Link } from 'react-router';
import { paths } from '../../config/paths';
import { setLanguage } from '../../lib/i18n';
import { useScrolledPast } from '../../lib/use-scrolled-past';

/** Fixed top bar; collapses below lg (992 px) with Bootstrap's 300 ms transition (spec §2, §9). */
export function PublicNavbar() {
  const { t, i18n } = useTranslation();
  const scrolled = useScrolledPast();
  const [expanded, setExpanded] = useState(false);
  const close = () => setExpanded(false);
  const other = i18n.language === 'bn' ? 'en' : 'bn';
  return (
    <Navbar
      expand="lg"
      fixed="top"
      variant="dark"
      expanded={expanded}
      onToggle={setExpanded}
      className={`site-navbar${scrolled ? ' active' : ''}`}
      aria-label="Main"
    >
      <Container>
        <Navbar.Brand as={Link} to={paths.home} onClick={close} className="d-flex align-items-center gap-2">
          <img src="/logo.svg" alt="" width="36" height="36" />
          <span>{t('nav.brand')}</span>
        </Navbar.Brand>
        <Navbar.Toggle aria-controls="main-nav" aria-label={t('nav.toggle')} />
        <Navbar.Collapse id="main-nav">
          <Nav className="ms-auto align-items-lg-center">
            <Nav.Link as={NavLink} to={paths.home} end onClick={close}>
              {t('nav.home')}
            </Nav.Link>
            <Nav.Link as={NavLink} to={paths.enquiry} onClick={close}>
              {t('nav.enquiry')}
            </Nav.Link>
            <Nav.Link as={NavLink} to={paths.login} onClick={close}>
              {t('nav.login')}
            </Nav.Link>
            <button
              type="button"
              className="btn btn-outline-light btn-sm ms-lg-3 mt-2 mt-lg-0"
              lang={other}
              aria-label={t('nav.languageLabel')}
              onClick={() => {
                setLanguage(other);
                close();
              }}
            >
              {t('nav.language')}
            </button>
          </Nav>
        </Navbar.Collapse>
      </Container>
    </Navbar>
  );
}
