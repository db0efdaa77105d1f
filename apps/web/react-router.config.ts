import type { Config } from '@react-router/dev/config';
import { PRERENDERED_PATHS } from './src/config/paths';
import { BENGALI_PATHS } from './src/lib/locales/paths';

// No rendering server: public pages are prerendered to static HTML at build time, in English and
// under /bn in Bengali (ADR 0010); staff pages fall back to the SPA shell (ADR 0004).
export default {
  appDirectory: 'src/app',
  ssr: false,
  prerender: [...PRERENDERED_PATHS, ...BENGALI_PATHS],
} satisfies Config;
