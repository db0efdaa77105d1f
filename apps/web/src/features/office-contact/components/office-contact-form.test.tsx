import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { OFFICE_CONTACT, VALIDATION } from '@visa/shared/ui-texts';
import { apiHarnessForFile } from '../../../../test/api-harness';
import { renderRoutes } from '../../../../test/render';
import { OfficeContactForm } from './office-contact-form';

const h = apiHarnessForFile();
beforeEach(async () => {
  // Each test starts from an office with no contact set.
  await h.t.db.deleteFrom('app_settings').where('key', '=', 'officeContact').execute();
});

const render = () => renderRoutes([{ path: '/settings', Component: OfficeContactForm }], ['/settings'], { toaster: true });

describe("the owner's office contact form", () => {
  it('saves the contact: the phone comes back formatted and the public read has it', async () => {
    await h.signIn('superadmin');
    const user = userEvent.setup();
    render();
    await user.type(await screen.findByLabelText('Address'), 'House 12, Road 5{enter}Gulshan 1, Dhaka');
    await user.type(screen.getByLabelText('Address in Bengali (optional)'), 'গুলশান ১, ঢাকা');
    await user.type(screen.getByLabelText('Opening hours'), 'Sunday to Thursday, 10:00 to 18:00');
    await user.type(screen.getByLabelText('Phone'), '01712-345678');
    await user.type(screen.getByLabelText('Email'), 'office@example.com');
    await user.type(screen.getByLabelText('Map link'), 'https://maps.example.com/?q=office');
    await user.click(screen.getByRole('button', { name: 'Save office contact' }));

    expect(await screen.findByText(OFFICE_CONTACT.saved)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Phone')).toHaveValue('+880 1712 345678'));
    const saved = await h.t.request({ method: 'GET', url: '/api/office-contact' });
    expect(saved.json()).toMatchObject({
      address: 'House 12, Road 5\nGulshan 1, Dhaka',
      addressBn: 'গুলশান ১, ঢাকা',
      phone: '+8801712345678',
      email: 'office@example.com',
      mapUrl: 'https://maps.example.com/?q=office',
    });
  });

  it('says under each field what is wrong before sending anything', async () => {
    await h.signIn('superadmin');
    const user = userEvent.setup();
    render();
    await user.type(await screen.findByLabelText('Phone'), '12345');
    await user.type(screen.getByLabelText('Email'), 'office@');
    await user.type(screen.getByLabelText('Map link'), 'http://maps.example.com');
    await user.click(screen.getByRole('button', { name: 'Save office contact' }));

    expect(await screen.findByText(VALIDATION.phone)).toBeInTheDocument();
    expect(screen.getByText(VALIDATION.email)).toBeInTheDocument();
    expect(screen.getByText(OFFICE_CONTACT.mapUrl)).toBeInTheDocument();
    expect(screen.getByLabelText('Map link')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Map link')).toHaveAccessibleDescription(expect.stringContaining(OFFICE_CONTACT.mapUrl));
    expect(h.sentTo('PUT /api/users/settings/office-contact')).toEqual([]);
  });

  it("shows the server's refusal to a sub-admin who reached the form", async () => {
    await h.signIn('admin');
    const user = userEvent.setup();
    render();
    await user.type(await screen.findByLabelText('Email'), 'office@example.com');
    await user.click(screen.getByRole('button', { name: 'Save office contact' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have permission to do this.');
  });
});
