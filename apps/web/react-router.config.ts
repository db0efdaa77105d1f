import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '@react-router/dev/config';
import { BACKGROUND_HEADER, BACKGROUND_VALUE } from '@visa/shared/session-rules';
import { EARLY_BY_PAGE, EARLY_ON_EVERY_PAGE, type EarlyRequest, earlyStart } from './src/config/early-requests';
import { PUBLIC_PAGES, paths } from './src/config/paths';
import { TOKEN_KEY } from './src/lib/auth-storage';
import { ACCEPT } from './src/lib/http';
import { BILINGUAL_PATHS, localePath } from './src/lib/locales/paths';

/** Personal pages, and the receipt check that is nothing without a code: never listed, whatever their language. */
const PERSONAL: string[] = [paths.viewOne, paths.documents, paths.pay, paths.receipt];
/** Pages search engines may list: the bilingual public pages except the personal ones. */
const INDEXABLE: string[] = BILINGUAL_PATHS.filter((p) => !PERSONAL.includes(p));

/**
 * What robots.txt and sitemap.xml are made of, written next to the build for the API to serve with
 * the real origin (PUBLIC_URL), which the build cannot know. Paths come from config/paths.ts, so
 * they are still typed once: every path that is not an indexable page is disallowed.
 */
const siteMap = () => ({
  pages: INDEXABLE.map((p) => ({ en: p, bn: localePath(p, 'bn') })),
  disallow: [
    '/api/',
    '/files/',
    ...Object.values(paths)
      .filter((p) => !INDEXABLE.includes(p))
      .map((p) => p.replace(/:.*$/, '')),
    ...PERSONAL.map((p) => localePath(p, 'bn')),
  ],
});

/**
 * Every public page once per language, with the islands it mounts (`null`: it keeps this app). The
 * build steps read it from `public-pages.json`, beside the client build so that it is not served.
 */
const PRERENDERED = PUBLIC_PAGES.flatMap((page) =>
  page.languages.map((language) => ({ url: localePath(page.path, language), islands: page.islands })),
);

// No rendering server: public pages are prerendered to static HTML at build time, in English and
// under /bn in Bengali (ADR 0010); staff pages fall back to the SPA shell (ADR 0004).
export default {
  appDirectory: 'src/app',
  ssr: false,
  prerender: PRERENDERED.map((page) => page.url),
  buildEnd({ reactRouterConfig }) {
    const file = path.join(reactRouterConfig.buildDirectory, 'client', 'site.json');
    fs.writeFileSync(file, JSON.stringify(siteMap(), null, 2));
    fs.writeFileSync(path.join(reactRouterConfig.buildDirectory, 'public-pages.json'), JSON.stringify(PRERENDERED, null, 2));
    // For the staff shell's inline script (scripts/build-steps/preload-staff-routes.mjs, ADR 0057):
    // each early request as the address the app's call builds from the route table.
    const started = (requests: EarlyRequest[]) => requests.map(earlyStart);
    const early = {
      tokenKey: TOKEN_KEY,
      accept: ACCEPT,
      background: [BACKGROUND_HEADER, BACKGROUND_VALUE],
      everyPage: started(EARLY_ON_EVERY_PAGE),
      byPage: Object.fromEntries(Object.entries(EARLY_BY_PAGE).map(([id, requests]) => [id, started(requests)])),
    };
    fs.writeFileSync(path.join(reactRouterConfig.buildDirectory, 'early-requests.json'), JSON.stringify(early, null, 2));
  },
} satisfies Config;
