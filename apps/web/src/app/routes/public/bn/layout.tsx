import type { Locale } from '../../../../lib/i18n';
import { bn } from '../../../../lib/locales/bn';
import { PublicShell } from '../public-shell';

const BENGALI: Locale = { language: 'bn', messages: bn, linkLanguage: 'bn' };

/** The Bengali public site under /bn: same shell, Bengali dictionary (ADR 0010). */
export default function BengaliLayout() {
  return <PublicShell locale={BENGALI} />;
}
