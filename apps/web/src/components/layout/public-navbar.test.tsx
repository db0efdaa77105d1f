import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { type Locale, LocaleContext } from '../../lib/i18n';
import { bn } from '../../lib/locales/bn';
import { en } from '../../lib/locales/en';
import { PublicNavbar } from './public-navbar';
import { ScrollToTop } from './scroll-to-top';

const ENGLISH: Locale = { language: 'en', texts: en, linkLanguage: 'en' };
const BENGALI: Locale = { language: 'bn', texts: bn, linkLanguage: 'bn' };

function Page({ locale, title }: { locale: Locale; title: string }) {
  return (
    <LocaleContext.Provider value={locale}>
      <PublicNavbar />
      <h1>{title}</h1>
      <ScrollToTop />
    </LocaleContext.Provider>
  );
}

const routes = [
  { path: '/', Component: () => <Page locale={ENGLISH} title="Home" /> },
  { path: '/terms', Component: () => <Page locale={ENGLISH} title="Terms" /> },
  { path: '/enquiry', Component: () => <Page locale={ENGLISH} title="Enquiry" /> },
  { path: '/bn/enquiry', Component: () => <Page locale={BENGALI} title="Bengali enquiry" /> },
  { path: '/bn/terms', Component: () => <Page locale={BENGALI} title="Bengali terms" /> },
  { path: '/login', Component: () => <Page locale={{ ...ENGLISH, linkLanguage: 'bn' }} title="Login" /> },
];

const scrollTo = (y: number) =>
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    fireEvent.scroll(window);
  });

afterEach(() => scrollTo(0));

describe('public navbar', () => {
  it('links the logo and HOME, VISA ENQUIRY, LOGIN', async () => {
    renderRoutes(routes, ['/terms']);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(screen.getByRole('link', { name: 'Canada Visa Desk' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'HOME' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'VISA ENQUIRY' })).toHaveAttribute('href', '/enquiry');
    expect(screen.getByRole('link', { name: 'LOGIN' })).toHaveAttribute('href', '/login');
    expect(nav).toHaveClass('fixed-top');
  });

  it('opens and closes the menu with an accessible toggle; Escape closes it and returns focus', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, ['/']);
    const toggle = await screen.findByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', 'main-nav');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById('main-nav')).toHaveClass('open');
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('closes the menu when a link is followed', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, ['/']);
    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    await user.click(screen.getByRole('link', { name: 'VISA ENQUIRY' }));
    expect(await screen.findByRole('heading', { name: 'Enquiry' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('offers the same page in the other language, written in that language, and remembers the choice', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, ['/terms']);
    const bengali = await screen.findByRole('link', { name: 'বাংলা' });
    expect(bengali).toHaveAttribute('href', '/bn/terms');
    expect(bengali).toHaveAttribute('lang', 'bn');
    await user.click(bengali);
    expect(await screen.findByRole('heading', { name: 'Bengali terms' })).toBeInTheDocument();
    expect(window.localStorage.getItem('lang')).toBe('bn');
  });

  it('in Bengali: Bengali labels, Bengali links, and English back to the same page', async () => {
    renderRoutes(routes, ['/bn/enquiry']);
    expect(await screen.findByRole('link', { name: 'হোম' })).toHaveAttribute('href', '/bn');
    expect(screen.getByRole('link', { name: 'ভিসা অনুসন্ধান' })).toHaveAttribute('href', '/bn/enquiry');
    expect(screen.getByRole('link', { name: 'লগইন' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'English' })).toHaveAttribute('href', '/enquiry');
  });

  it('on an English-only page, follows the remembered language for its links', async () => {
    renderRoutes(routes, ['/login']);
    expect(await screen.findByRole('link', { name: 'HOME' })).toHaveAttribute('href', '/bn');
    expect(screen.getByRole('link', { name: 'বাংলা' })).toHaveAttribute('href', '/bn');
  });

  it("takes the 'active' look and shows scroll-to-top only past 100 px", async () => {
    renderRoutes(routes, ['/']);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(nav).not.toHaveClass('active');
    expect(screen.queryByRole('button', { name: 'Back to top' })).not.toBeInTheDocument();
    scrollTo(100);
    expect(nav).not.toHaveClass('active');
    scrollTo(101);
    expect(nav).toHaveClass('active');
    expect(screen.getByRole('button', { name: 'Back to top' })).toBeInTheDocument();
    scrollTo(20);
    expect(nav).not.toHaveClass('active');
  });
});
