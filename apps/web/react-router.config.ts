import type { Config } from '@react-router/dev/config';
import { PRERENDERED_PATHS } from './src/config/paths';

// No rendering server: public pages are prerendered to static HTML at build time, staff pages
// fall back to the SPA shell (ADR 0004).
export default {
  appDirectory: 'src/app',
  ssr: false,
  prerender: [...PRERENDERED_PATHS],
} satisfies Config;
