import { describe, expect, it } from 'vitest';
import { OFFICE_CONTACT, VALIDATION } from './ui-texts.js';
import { OfficeContactInputSchema, toOfficeContactView } from './office-contact.js';
import { OFFICE_CONTACT_WORDS, type OfficeContactView, renderOfficeContact } from './office-contact-view.js';

const view = (fields: Partial<OfficeContactView>): OfficeContactView => ({
  address: '',
  addressBn: '',
  hours: '',
  hoursBn: '',
  phone: '',
  phoneDisplay: '',
  email: '',
  mapUrl: '',
  ...fields,
});

describe('OfficeContactInputSchema', () => {
  it('tidies what the owner typed and stores the phone in E.164', () => {
    const parsed = OfficeContactInputSchema.parse({
      address: '  House 12 \r\n\r\n\r\n\r\nDhaka  ',
      phone: '01712-345678',
      email: ' Office@Example.com',
      mapUrl: ' https://maps.example.com/x ',
    });
    expect(parsed).toEqual({
      address: 'House 12\n\nDhaka',
      addressBn: '',
      hours: '',
      hoursBn: '',
      phone: '+8801712345678',
      email: 'office@example.com',
      mapUrl: 'https://maps.example.com/x',
    });
    expect(toOfficeContactView(parsed).phoneDisplay).toBe('+880 1712 345678');
  });

  it.each([
    [{ phone: '123' }, VALIDATION.phone],
    [{ email: 'nope' }, VALIDATION.email],
    [{ mapUrl: 'http://maps.example.com' }, OFFICE_CONTACT.mapUrl],
    [{ mapUrl: 'https://maps example.com' }, OFFICE_CONTACT.mapUrl],
    [{ mapUrl: 'https://someone@evil.example.com/' }, OFFICE_CONTACT.mapUrl],
    [{ mapUrl: 'https:///path-only' }, OFFICE_CONTACT.mapUrl],
    [{ hours: 'x'.repeat(201) }, OFFICE_CONTACT.hoursTooLong],
  ])('refuses %j with its message', (input, message) => {
    expect(OfficeContactInputSchema.safeParse(input).error?.issues[0]?.message).toBe(message);
  });
});

it.each([
  'https://maps.app.goo.gl/AbC123',
  'https://www.google.com/maps/place/Gulshan+1,+Dhaka/@23.78,90.41,15z?entry=ttu',
  'https://osm.org:443/#map=17/23.78/90.41',
])('takes the map link %s as it is', (mapUrl) => {
  expect(OfficeContactInputSchema.parse({ mapUrl }).mapUrl).toBe(mapUrl);
});

describe('renderOfficeContact', () => {
  it('renders nothing at all for an empty contact: no heading without details', () => {
    expect(renderOfficeContact(view({}), 'en', 'page')).toBe('');
    expect(renderOfficeContact(null, 'bn', 'footer')).toBe('');
  });

  it('uses the Bengali address and hours on Bengali pages, the English ones when none are given', () => {
    const contact = view({ address: 'Dhaka', addressBn: 'ঢাকা', hours: '10-6' });
    const html = renderOfficeContact(contact, 'bn', 'footer');
    expect(html).toContain('ঢাকা');
    expect(html).not.toContain('Dhaka');
    expect(html).toContain('10-6');
    expect(html).toContain(OFFICE_CONTACT_WORDS.bn.address);
  });

  it('never lets a stored value become a link of another kind', () => {
    const html = renderOfficeContact(view({ phone: 'javascript:alert(1)', mapUrl: 'javascript:alert(1)', address: 'x' }), 'en', 'notice');
    expect(html).not.toContain('href');
    expect(html).toContain(OFFICE_CONTACT_WORDS.en.notice);
  });

  it('words the blocks the same way in both languages, every word given', () => {
    expect(Object.keys(OFFICE_CONTACT_WORDS.bn)).toEqual(Object.keys(OFFICE_CONTACT_WORDS.en));
    expect(OFFICE_CONTACT_WORDS.en).toEqual({
      heading: 'Contact the office',
      address: 'Address',
      hours: 'Opening hours',
      phone: 'Phone',
      email: 'Email',
      map: 'See the office on a map',
      newTab: '(opens in a new tab)',
      notice: 'If your details are right and you still see this, please contact the office:',
    });
  });
});
