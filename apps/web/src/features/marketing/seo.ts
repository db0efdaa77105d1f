import type { MetaDescriptor } from 'react-router';
import type { Language } from '../../lib/locales/paths';

const BRAND: Record<Language, string> = { en: 'Canada Visa Desk', bn: 'কানাডা ভিসা ডেস্ক' };
const OG_LOCALE: Record<Language, string> = { en: 'en_GB', bn: 'bn_BD' };
/** 1200×630, made for link previews (apps/web/public/og-image.jpg). */
const OG_IMAGE = '/og-image.jpg';

/**
 * Title, description and Open Graph tags of a public page. The origin the site is served from is
 * only known at run time, so URLs here are root-relative; the sitemap (served by the API with
 * PUBLIC_URL) carries the absolute addresses and the language alternates (ADR 0010).
 */
export function pageMeta(options: { language: Language; title: string; description: string; noindex?: boolean }): MetaDescriptor[] {
  const { language, title, description, noindex } = options;
  const fullTitle = `${title} | ${BRAND[language]}`;
  return [
    { title: fullTitle },
    { name: 'description', content: description },
    ...(noindex ? [{ name: 'robots', content: 'noindex' }] : []),
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: BRAND[language] },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: description },
    { property: 'og:locale', content: OG_LOCALE[language] },
    { property: 'og:locale:alternate', content: OG_LOCALE[language === 'bn' ? 'en' : 'bn'] },
    { property: 'og:image', content: OG_IMAGE },
    { property: 'og:image:width', content: '1200' },
    { property: 'og:image:height', content: '630' },
    { property: 'og:image:alt', content: BRAND[language] },
    { name: 'twitter:card', content: 'summary_large_image' },
  ];
}
