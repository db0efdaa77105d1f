import { type PrivacyNoticeLanguage, PRIVACY_SLOT_ATTRIBUTE, PRIVACY_WORDS } from '@visa/shared/privacy-notice-view';
import { OfficeContact } from '../../../components/office-contact';

/**
 * /privacy and /bn/privacy (ADR 0053): the notice in a slot the server fills with the published
 * version as it serves the page, as it fills the office contact under it (ADR 0025). `html` is the
 * default notice, rendered at build time by the one function the server also uses.
 */
export function PrivacyPage({ language, html }: { language: PrivacyNoticeLanguage; html: string }) {
  const slot = { [PRIVACY_SLOT_ATTRIBUTE]: language };
  return (
    <article className="container article-page">
      <header className="article-header">
        <h1>{PRIVACY_WORDS[language].title}</h1>
      </header>
      <div className="article-section privacy-notice" {...slot} dangerouslySetInnerHTML={{ __html: html }} />
      <OfficeContact place="page" />
    </article>
  );
}
