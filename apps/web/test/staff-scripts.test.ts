import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { staffScripts } from '../scripts/build-steps/staff-scripts.mjs';
import { prefetchStaffPage } from '../src/islands/staff-prefetch';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staff-scripts-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const manifest = {
  entry: { module: '/assets/entry.js', imports: ['/assets/react.js'] },
  routes: {
    root: { id: 'root', module: '/assets/root.js', imports: ['/assets/react.js'] },
    'routes/admin/layout': {
      id: 'routes/admin/layout',
      parentId: 'root',
      module: '/assets/staff-layout.js',
      imports: ['/assets/modal.js'],
    },
    dashboard: { id: 'dashboard', parentId: 'routes/admin/layout', path: '/dashboard', module: '/assets/dashboard.js', imports: [] },
    file: {
      id: 'file',
      parentId: 'routes/admin/layout',
      path: '/updateApplicationView/:id',
      module: '/assets/file.js',
      imports: ['/assets/phone.js'],
    },
  },
};

/** The client build as the step finds it: the manifest, the staff shell, a sign-in page and a public page. */
function build() {
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'assets/manifest-test.js'), `window.__reactRouterManifest=${JSON.stringify(manifest)};`);
  fs.writeFileSync(
    path.join(dir, '__spa-fallback.html'),
    '<html><head><link rel="modulepreload" href="/assets/entry.js"/><link rel="modulepreload" href="/assets/react.js"/></head>' +
      '<body><script type="module">import("/assets/entry.js")</script></body></html>',
  );
  const page = (name: string) => path.join(dir, name, 'index.html');
  for (const name of ['login', 'about']) {
    fs.mkdirSync(path.join(dir, name), { recursive: true });
    fs.writeFileSync(page(name), '<html><head></head><body><main></main></body></html>');
  }
  staffScripts(dir, [
    { url: '/login', file: page('login'), islands: ['signIn'] },
    { url: '/about', file: page('about'), islands: [] },
  ]);
  return { login: fs.readFileSync(page('login'), 'utf8'), about: fs.readFileSync(page('about'), 'utf8') };
}

const prefetched = () => [...document.head.querySelectorAll('link[rel="prefetch"]')].map((l) => l.getAttribute('href'));

describe('the sign-in pages prefetch the staff page a sign-in leads to (ADR 0050)', () => {
  it('lists the staff scripts in the sign-in pages only, as data that never runs', () => {
    const { login, about } = build();
    expect(login).toMatch(/<script type="application\/json" id="staff-scripts">\{.*\}<\/script><\/body>/);
    expect(about).not.toContain('staff-scripts');
  });

  it("prefetches the shell's scripts and the target page's, once, and nothing of another page", () => {
    const { login } = build();
    document.head.innerHTML = '';
    document.body.innerHTML = /<body>([\s\S]*)<\/body>/.exec(login)?.[1] ?? '';
    expect(prefetched()).toEqual([]);

    prefetchStaffPage('/updateApplicationView/42?tab=photo');
    expect(prefetched()).toEqual(
      expect.arrayContaining([
        '/assets/entry.js',
        '/assets/react.js',
        '/assets/manifest-test.js',
        '/assets/root.js',
        '/assets/staff-layout.js',
        '/assets/modal.js',
        '/assets/file.js',
        '/assets/phone.js',
      ]),
    );
    expect(prefetched()).not.toContain('/assets/dashboard.js');
    const count = prefetched().length;
    prefetchStaffPage('/updateApplicationView/42');
    expect(prefetched()).toHaveLength(count);
    prefetchStaffPage('/dashboard');
    expect(prefetched()).toContain('/assets/dashboard.js');
  });

  it('prefetches nothing on a page without the list', () => {
    document.head.innerHTML = '';
    document.body.innerHTML = '<main></main>';
    prefetchStaffPage('/dashboard');
    expect(prefetched()).toEqual([]);
  });
});
