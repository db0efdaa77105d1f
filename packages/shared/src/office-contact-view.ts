/**
 * The office's contact details as the public site shows them (docs/product.md#office-contact,
 * ADR 0025). This module is the one place their markup is made: the server fills it into the
 * prerendered pages as it serves them, and the web component renders the same string, so the page
 * hydrates onto identical HTML and works the same without JavaScript. It imports nothing (no zod,
 * no phone library), so the public pages that render it stay light.
 */

export type ContactLanguage = 'en' | 'bn';

/** Where a contact block stands: the footer of every public page, the about page, the "no application found" notice. */
export type ContactPlace = 'footer' | 'page' | 'notice';

/** What the public read answers: the stored details plus the phone as people read it. Empty text means "not set". */
export interface OfficeContactView {
  address: string;
  addressBn: string;
  hours: string;
  hoursBn: string;
  /** E.164 (`+8801712345678`), for the tel: link. */
  phone: string;
  /** The same number as people read it (`+880 1712-345678`). */
  phoneDisplay: string;
  email: string;
  mapUrl: string;
}

/** The words around the details, in both languages of the public site. */
export const OFFICE_CONTACT_WORDS = {
  en: {
    heading: 'Contact the office',
    address: 'Address',
    hours: 'Opening hours',
    phone: 'Phone',
    email: 'Email',
    map: 'See the office on a map',
    newTab: '(opens in a new tab)',
    notice: 'If your details are right and you still see this, please contact the office:',
  },
  bn: {
    heading: 'অফিসে যোগাযোগ',
    address: 'ঠিকানা',
    hours: 'খোলার সময়',
    phone: 'ফোন',
    email: 'ইমেইল',
    map: 'মানচিত্রে অফিস দেখুন',
    newTab: '(নতুন ট্যাবে খোলে)',
    notice: 'আপনার তথ্য ঠিক থাকার পরও এটি দেখলে অনুগ্রহ করে অফিসে যোগাযোগ করুন:',
  },
} as const;

/**
 * The data's place in a served page: a JSON block the component reads on the client, so it
 * renders what the server filled in; `null` when no contact is set.
 */
export const OFFICE_CONTACT_DATA_ID = 'office-contact-data';

/** The attribute that marks a slot the server fills: `data-office-contact="footer-en"`. */
export const OFFICE_CONTACT_SLOT_ATTRIBUTE = 'data-office-contact';

/** An empty slot in prerendered HTML, as React writes it; the server puts the details inside. */
export const EMPTY_SLOT = /(<div\b[^>]*\sdata-office-contact="(footer|page)-(en|bn)"[^>]*>)(<\/div>)/g;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The owner's text is untrusted as HTML: every character is escaped, line breaks become <br>. */
const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => escapeHtml(line))
    .join('<br>');

/** The written values were checked when saved; these checks keep a link from ever being anything else. */
const E164 = /^\+[1-9]\d{5,14}$/;
const isHttps = (url: string) => /^https:\/\/[^\s"'<>]+$/.test(url);

export function isContactEmpty(contact: OfficeContactView | null | undefined): boolean {
  return !contact || (!contact.address && !contact.hours && !contact.phone && !contact.email && !contact.mapUrl);
}

/**
 * The contact block for one place in one language, as an HTML string; empty when nothing is set
 * (no heading without details). Bengali pages use the Bengali address and hours when given and the
 * English ones otherwise; the phone and email are the same in both.
 */
export function renderOfficeContact(contact: OfficeContactView | null | undefined, language: ContactLanguage, place: ContactPlace): string {
  if (!contact || isContactEmpty(contact)) return '';
  const w = OFFICE_CONTACT_WORDS[language];
  const address = (language === 'bn' && contact.addressBn) || contact.address;
  const hours = (language === 'bn' && contact.hoursBn) || contact.hours;
  const label = (text: string) => `<span class="office-contact-label">${escapeHtml(text)}:</span> `;
  const items: string[] = [];
  if (address) items.push(`<p class="office-contact-address">${label(w.address)}<span>${lines(address)}</span></p>`);
  if (hours) items.push(`<p class="office-contact-hours">${label(w.hours)}<span>${lines(hours)}</span></p>`);
  if (contact.phone && E164.test(contact.phone)) {
    items.push(
      `<p class="office-contact-phone">${label(w.phone)}<a href="tel:${contact.phone}">${escapeHtml(contact.phoneDisplay || contact.phone)}</a></p>`,
    );
  }
  if (contact.email) {
    const email = escapeHtml(contact.email);
    items.push(`<p class="office-contact-email">${label(w.email)}<a href="mailto:${email}">${email}</a></p>`);
  }
  if (contact.mapUrl && isHttps(contact.mapUrl)) {
    items.push(
      `<p class="office-contact-map"><a href="${escapeHtml(contact.mapUrl)}" target="_blank" rel="noopener noreferrer">${escapeHtml(w.map)} <span class="visually-hidden">${escapeHtml(w.newTab)}</span></a></p>`,
    );
  }
  if (items.length === 0) return '';
  const body = `<address class="office-contact office-contact-${place}">${items.join('')}</address>`;
  if (place === 'page') {
    return `<section class="office-contact-section" aria-labelledby="office-contact-heading"><h2 id="office-contact-heading">${escapeHtml(w.heading)}</h2>${body}</section>`;
  }
  if (place === 'notice') return `<p class="office-contact-intro">${escapeHtml(w.notice)}</p>${body}`;
  return `<p class="office-contact-title">${escapeHtml(w.heading)}</p>${body}`;
}

/** The data block for a served page; `<` is escaped so no text can close the script element. */
export function officeContactDataScript(contact: OfficeContactView | null): string {
  const json = JSON.stringify(contact)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${OFFICE_CONTACT_DATA_ID}">${json}</script>`;
}
