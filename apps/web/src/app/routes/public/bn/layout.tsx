// The Bengali face, self-hosted: only its Bengali glyphs, in the two weights the pages use, with
// font-display: swap (text shows at once in a system face, then settles). Imported here, not in
// root.tsx, so that English pages never download it (docs/product.md#public-pages).
import '@fontsource/noto-sans-bengali/bengali-400.css';
import '@fontsource/noto-sans-bengali/bengali-700.css';
import type { Locale } from '../../../../lib/i18n';
import { bn } from '../../../../lib/locales/bn';
import { PublicShell } from '../public-shell';

const BENGALI: Locale = { language: 'bn', texts: bn, linkLanguage: 'bn' };

/** The Bengali public site under /bn: same shell, Bengali dictionary (ADR 0010). */
export default function BengaliLayout() {
  return <PublicShell locale={BENGALI} />;
}
