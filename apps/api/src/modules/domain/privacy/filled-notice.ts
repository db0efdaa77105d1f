import { type PrivacyNoticeLanguage, PRIVACY_SLOT, renderPrivacyNotice } from '@visa/shared/privacy-notice-view';
import type { PrivacyNotice } from '@visa/shared/privacy';
import type { Db } from '../../../db/connection.js';
import { latestPrivacyNotice, latestVersion } from './repository.js';

/** The built privacy pages, English and Bengali: the only pages with a notice slot. */
const PRIVACY_NOTICE_PAGE = /^(bn[/\\])?privacy[/\\]index\.html$/;

/** What a served page depends on besides the office contact, and how to put it in (office-contact/filled-pages.ts). */
interface PageFiller {
  /** `key` changes exactly when the page's filled content would; read on every request for the page. */
  state(file: string): Promise<{ key: string; fill(html: string): string }>;
}

const unchanged = { key: '', fill: (html: string) => html };

/**
 * Puts the published privacy notice into the privacy pages' slots (ADR 0053), as the office
 * contact is put into every page (ADR 0025). The pages are built with the default notice in the
 * slot, so a page served as built still says something true; the version number is the key, read
 * on each request for these two pages only (one index read), so a version published through any
 * process is on every process's next page.
 */
export function privacyNoticeFiller(db: Db, timeZone: string): PageFiller {
  let loaded: { version: number; notice: PrivacyNotice | null } | null = null;
  return {
    async state(file) {
      if (!PRIVACY_NOTICE_PAGE.test(file)) return unchanged;
      const version = await latestVersion(db);
      if (loaded?.version !== version) loaded = { version, notice: version === 0 ? null : await latestPrivacyNotice(db) };
      const notice = loaded.notice;
      return {
        key: `privacy-${notice?.version ?? 0}`,
        fill: (html) =>
          html.replace(PRIVACY_SLOT, (_match, open: string, language: PrivacyNoticeLanguage) => {
            const view = notice && {
              version: notice.version,
              publishedAt: notice.publishedAt,
              body: language === 'bn' ? notice.bodyBn : notice.bodyEn,
            };
            return `${open}${renderPrivacyNotice(view, language, timeZone)}`;
          }),
      };
    },
  };
}
