import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../../test/render';
import NotFound from '../not-found';
import StaffLayout from './layout';

const routes = [
  { path: '/login', Component: () => <h1>Staff Login</h1> },
  { path: '/', Component: () => <h1>Home</h1> },
  { Component: StaffLayout, children: [{ path: '/dashboard', Component: () => <h1>Dashboard</h1> }] },
  { path: '*', Component: NotFound },
];

describe('staff layout guard', () => {
  it('sends a visitor without a token to the login page', async () => {
    renderRoutes(routes, ['/dashboard']);
    expect(await screen.findByRole('heading', { name: 'Staff Login' })).toBeInTheDocument();
  });

  it('redirects an unknown path to the home page', async () => {
    renderRoutes(routes, ['/no/such/page']);
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
  });
});
