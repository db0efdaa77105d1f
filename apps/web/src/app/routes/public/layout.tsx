import type { Locale } from '../../../lib/i18n';
import { en } from '../../../lib/locales/en';
import { PublicShell } from './public-shell';

const ENGLISH: Locale = { language: 'en', texts: en, linkLanguage: 'en' };

/** The English public site: the paths without a language prefix, the English dictionary (ADR 0010). */
export default function PublicLayout() {
  return <PublicShell locale={ENGLISH} />;
}
