import type { ApplicationStatus } from '@visa/shared/constants';
import { BRAND_NAME } from '@visa/shared/constants';
import { STATUS_WORDS, countSms, renderTemplate, type TemplateValues } from '@visa/shared/notices';

/** The office's own values the texts are filled with, as the server gives them (Settings → Messages). */
export interface PreviewOffice {
  /** E.164, or empty when the office has not set one. */
  phone: string;
  statusLink: string;
}

/**
 * What the preview fills the variables with: a made-up applicant's first name, never a real one,
 * and otherwise exactly what the server sends: this status's own word, the office's name, phone
 * and status-check address (ADR 0070).
 */
const previewValues = (status: ApplicationStatus, language: 'en' | 'bn', office: PreviewOffice): TemplateValues => ({
  firstName: 'Karim',
  status: STATUS_WORDS[status][language],
  officeName: BRAND_NAME[language],
  officePhone: office.phone,
  statusLink: office.statusLink,
});

/** "142 characters · GSM-7 · 1 SMS" for a text as it will be sent, with the shared counting the server uses. */
export function smsCountLabel(text: string): string {
  const c = countSms(text);
  const parts = c.parts === 1 ? '1 SMS' : `${c.parts} SMS parts`;
  return `${c.characters} characters · ${c.encoding} · ${parts} (${c.perPart} per part)`;
}

/**
 * The live count and preview under a template: the text as it will be sent for this status, counted
 * as the server will count it. Polite live region, so a screen reader hears the count after typing.
 * Both wrap at any width: a long address must not push the page sideways on a phone.
 */
export function SmsCounter({
  template,
  status,
  language,
  office,
  id,
}: {
  template: string;
  status: ApplicationStatus;
  language: 'en' | 'bn';
  office: PreviewOffice;
  id: string;
}) {
  const preview = renderTemplate(template, previewValues(status, language, office));
  return (
    <div id={id} className="small text-body-secondary mt-1 text-break">
      <div aria-live="polite" data-testid="sms-count">
        {smsCountLabel(preview)}
      </div>
      <div>
        Preview: <span lang={language}>{preview}</span>
      </div>
    </div>
  );
}
