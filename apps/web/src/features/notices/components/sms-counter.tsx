import { countSms, renderTemplate, type TemplateValues } from '@visa/shared/notices';

/** What the preview fills the variables with: a made-up applicant, never a real one. */
const PREVIEW_VALUES: Record<'en' | 'bn', TemplateValues> = {
  en: {
    firstName: 'Karim',
    status: 'approved',
    officeName: 'Canada Visa Desk',
    officePhone: '+8801711000000',
    statusLink: 'https://visa.example.com/enquiry',
  },
  bn: {
    firstName: 'Karim',
    status: 'অনুমোদিত',
    officeName: 'কানাডা ভিসা ডেস্ক',
    officePhone: '+8801711000000',
    statusLink: 'https://visa.example.com/enquiry',
  },
};

/** "142 characters · GSM-7 · 1 SMS" for a text as it will be sent, with the shared counting the server uses. */
export function smsCountLabel(text: string): string {
  const c = countSms(text);
  const parts = c.parts === 1 ? '1 SMS' : `${c.parts} SMS parts`;
  return `${c.characters} characters · ${c.encoding} · ${parts} (${c.perPart} per part)`;
}

/**
 * The live count and preview under a template: the text with example values filled in, counted as
 * the server will count it. Polite live region, so a screen reader hears the count after typing.
 */
export function SmsCounter({ template, language, id }: { template: string; language: 'en' | 'bn'; id: string }) {
  const preview = renderTemplate(template, PREVIEW_VALUES[language]);
  return (
    <div id={id} className="small text-body-secondary mt-1">
      <div aria-live="polite" data-testid="sms-count">
        {smsCountLabel(preview)}
      </div>
      <div>
        Preview: <span lang={language}>{preview}</span>
      </div>
    </div>
  );
}
