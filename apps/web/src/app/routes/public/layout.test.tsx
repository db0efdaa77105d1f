import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../../test/render';
import BengaliLayout from './bn/layout';
import BengaliNotFound from './bn/not-found';
import PublicLayout from './layout';

const routes = [
  {
    Component: PublicLayout,
    children: [
      { path: '/terms', Component: () => <h1>Terms</h1> },
      { path: '/login', Component: () => <h1>Login</h1> },
    ],
  },
  {
    Component: BengaliLayout,
    children: [
      { path: '/bn/terms', Component: () => <h1>শর্তাবলি</h1> },
      { path: '/bn/*', Component: BengaliNotFound },
    ],
  },
];

describe('public layout', () => {
  it('wraps the page in a skip link, the navbar, main and the footer', async () => {
    renderRoutes(routes, ['/terms']);
    expect(await screen.findByRole('heading', { name: 'Terms' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    const footer = screen.getByRole('navigation', { name: 'Footer' });
    expect([...footer.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Terms', '/terms'],
      ['Privacy notice', '/privacy'],
      ['Services', '/about#services'],
      ['About', '/about'],
      ['Home', '/'],
      ['Visa Enquiry', '/enquiry'],
      ['Login', '/login'],
    ]);
  });

  it('remembers the language of the bilingual page being read', async () => {
    renderRoutes(routes, ['/bn/terms']);
    expect(await screen.findByRole('heading', { name: 'শর্তাবলি' })).toBeInTheDocument();
    expect(window.localStorage.getItem('lang')).toBe('bn');
    const footer = screen.getByRole('navigation', { name: 'সাইটের লিংক' });
    expect(within(footer).getByRole('link', { name: 'শর্তাবলি' })).toHaveAttribute('href', '/bn/terms');
    expect(within(footer).getByRole('link', { name: 'লগইন' })).toHaveAttribute('href', '/login');
  });

  it('does not forget Bengali on the English-only login page, and points its links to the Bengali site', async () => {
    window.localStorage.setItem('lang', 'bn');
    renderRoutes(routes, ['/login']);
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/bn/terms');
    expect(window.localStorage.getItem('lang')).toBe('bn');
  });

  it('answers an unknown address under /bn with a Bengali not-found page linking to the Bengali pages', async () => {
    window.localStorage.setItem('lang', 'en');
    renderRoutes(routes, ['/bn/no-such-page']);
    expect(await screen.findByRole('heading', { level: 1, name: 'পাতাটি পাওয়া যায়নি' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('bn');
    const links = screen.getByRole('navigation', { name: 'এই সাইটের পাতাগুলো' });
    expect([...links.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['হোম', '/bn'],
      ['ভিসা অনুসন্ধান', '/bn/enquiry'],
      ['আমাদের সম্পর্কে', '/bn/about'],
      ['শর্তাবলি', '/bn/terms'],
    ]);
    // The navbar and footer stay in Bengali too, whatever language was read last.
    const footer = screen.getByRole('navigation', { name: 'সাইটের লিংক' });
    expect(within(footer).getByRole('link', { name: 'শর্তাবলি' })).toHaveAttribute('href', '/bn/terms');
  });
});
