import { type ContactPlace, OFFICE_CONTACT_SLOT_ATTRIBUTE, renderOfficeContact } from '@visa/shared/office-contact-view';
import { useLocale } from '../lib/i18n';
import { useOfficeContact } from '../lib/office-contact';

/**
 * The office's address, hours, phone (tel: link), email and map link where a public page shows
 * them (ADR 0025). The markup comes from the one function the server also fills prerendered pages
 * with, so the page reads the same with or without JavaScript and hydrates onto identical HTML.
 * Nothing set: an empty slot, no heading.
 */
export function OfficeContact({ place }: { place: ContactPlace }) {
  const { language } = useLocale();
  const contact = useOfficeContact();
  const slot = { [OFFICE_CONTACT_SLOT_ATTRIBUTE]: `${place}-${language}` };
  return (
    <div className="office-contact-slot" {...slot} dangerouslySetInnerHTML={{ __html: renderOfficeContact(contact, language, place) }} />
  );
}
