import { describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths';
import { returnPathFrom } from './return-path';

const from = (value: unknown) => returnPathFrom({ from: value }, paths.login);

describe('the page to return to after signing in', () => {
  it('takes a staff page of this site, with its query', () => {
    expect(from(`${paths.applicationList}?page=2&status=pending`)).toBe(`${paths.applicationList}?page=2&status=pending`);
    expect(from(paths.dashboard)).toBe(paths.dashboard);
    expect(from('/updateApplicationView/abc123')).toBe('/updateApplicationView/abc123');
  });

  it.each([
    '//evil.example',
    '//evil.example/dashboard',
    '/\\evil.example',
    '/\\/evil.example',
    '\\\\evil.example',
    'https://evil.example/dashboard',
    'http:/evil.example',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '/\t/evil.example',
    '/\n/evil.example',
    ' /dashboard',
    'dashboard',
    '/login',
    '/login?reason=idle',
    '/',
    '/enquiry',
    '/no-such-page',
    '/dashboard/../..//evil.example',
    '/updateApplicationView/',
    '',
  ])('ignores %j', (value) => {
    expect(from(value)).toBeNull();
  });

  it('ignores anything but a string, and missing state', () => {
    expect(from(42)).toBeNull();
    expect(from({ pathname: '/dashboard' })).toBeNull();
    expect(returnPathFrom(null, paths.login)).toBeNull();
    expect(returnPathFrom(undefined, paths.login)).toBeNull();
  });

  it('drops a fragment', () => {
    expect(from(`${paths.applicationList}#top`)).toBe(paths.applicationList);
  });
});
