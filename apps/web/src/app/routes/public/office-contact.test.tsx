import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { VIEW_ONE } from '@visa/shared/ui-texts';
import { OFFICE_CONTACT_DATA_ID, type OfficeContactView, officeContactDataScript } from '@visa/shared/office-contact-view';
import { renderRoutes } from '../../../../test/render';
import BengaliLayout from './bn/layout';
import PublicLayout from './layout';
import { ViewOnePage } from '../../../features/status-check/components/view-one-page';

const CONTACT: OfficeContactView = {
  address: 'House 12, Road 5\nGulshan 1, Dhaka 1212',
  addressBn: 'বাড়ি ১২, রোড ৫\nগুলশান ১, ঢাকা ১২১২',
  hours: 'Sunday to Thursday, 10:00 to 18:00',
  hoursBn: '',
  phone: '+8801712345678',
  phoneDisplay: '+880 1712 345678',
  email: 'office@example.com',
  mapUrl: 'https://maps.example.com/?q=office',
};

/** As the server serves a page: the data block in the document before the app renders. */
const servedWith = (contact: OfficeContactView | null) => {
  document.body.insertAdjacentHTML('beforeend', officeContactDataScript(contact));
};
afterEach(() => document.getElementById(OFFICE_CONTACT_DATA_ID)?.remove());

const routes = [
  { Component: PublicLayout, children: [{ path: '/view-one', Component: ViewOnePage }] },
  { Component: BengaliLayout, children: [{ path: '/bn/view-one', Component: ViewOnePage }] },
];

describe('the office contact on public pages', () => {
  it('shows in the footer as an address block with a tel: link, a mailto: link and a map link that opens safely', async () => {
    servedWith(CONTACT);
    renderRoutes(routes, ['/view-one']);
    const footer = await screen.findByRole('contentinfo');
    const address = footer.querySelector('address')!;
    expect(within(footer).getByText('Contact the office')).toBeInTheDocument();
    expect(address).toHaveTextContent('Address: House 12, Road 5Gulshan 1, Dhaka 1212');
    expect(address).toHaveTextContent('Opening hours: Sunday to Thursday, 10:00 to 18:00');
    expect(within(address).getByRole('link', { name: '+880 1712 345678' })).toHaveAttribute('href', 'tel:+8801712345678');
    expect(within(address).getByRole('link', { name: 'office@example.com' })).toHaveAttribute('href', 'mailto:office@example.com');
    const map = within(address).getByRole('link', { name: 'See the office on a map (opens in a new tab)' });
    expect(map).toHaveAttribute('href', 'https://maps.example.com/?q=office');
    expect(map).toHaveAttribute('target', '_blank');
    expect(map.getAttribute('rel')).toContain('noopener');
  });

  it('goes with the "no application found" message', async () => {
    servedWith(CONTACT);
    renderRoutes(routes, ['/view-one']);
    expect(await screen.findByRole('status')).toHaveTextContent(VIEW_ONE.noData);
    const main = screen.getByRole('main');
    expect(within(main).getByText('If your details are right and you still see this, please contact the office:')).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: '+880 1712 345678' })).toHaveAttribute('href', 'tel:+8801712345678');
  });

  it('speaks Bengali on Bengali pages: the Bengali address, and the English hours where no Bengali ones are given', async () => {
    servedWith(CONTACT);
    renderRoutes(routes, ['/bn/view-one']);
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByText('অফিসে যোগাযোগ')).toBeInTheDocument();
    const address = footer.querySelector('address')!;
    expect(address).toHaveTextContent('ঠিকানা: বাড়ি ১২, রোড ৫গুলশান ১, ঢাকা ১২১২');
    expect(address).toHaveTextContent('খোলার সময়: Sunday to Thursday, 10:00 to 18:00');
    expect(within(address).getByRole('link', { name: '+880 1712 345678' })).toHaveAttribute('href', 'tel:+8801712345678');
  });

  it('shows nothing, and no heading, when no contact is set', async () => {
    servedWith(null);
    renderRoutes(routes, ['/view-one']);
    expect(await screen.findByRole('status')).toHaveTextContent(VIEW_ONE.noData);
    expect(document.querySelector('address')).toBeNull();
    expect(screen.queryByText('Contact the office')).toBeNull();
    expect(screen.queryByText(/please contact the office/)).toBeNull();
  });

  it("shows the owner's text as text, never as markup", async () => {
    servedWith({ ...CONTACT, address: '<img src=x onerror="alert(1)">\n<b>bold</b>' });
    renderRoutes(routes, ['/view-one']);
    const footer = await screen.findByRole('contentinfo');
    expect(footer.querySelector('address')).toHaveTextContent('<img src=x onerror="alert(1)"><b>bold</b>');
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(document.querySelector('address b')).toBeNull();
  });
});
