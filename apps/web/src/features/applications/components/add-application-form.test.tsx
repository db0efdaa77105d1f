import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { APPLICATION_TEXTS } from '@visa/shared/application-texts';
import type { ApplicationFormValues } from '@visa/shared/applications';
import { TIMEOUTS } from '@visa/shared/constants';
import { ADD_APPLICATION, UPLOAD, VALIDATION, pleaseEnterValid } from '@visa/shared/ui-texts';
import { applicationFields } from '@visa/test-support/applications';
import { apiHarnessForFile } from '../../../../test/api-harness';
import { installObjectUrls, renderRoutes } from '../../../../test/render';
import { paths } from '../../../config/paths';
import { jpegFile } from '../../../../test/files';
import { LABELS, fillApplicationFields, seedApplication } from '../test/fixtures';
import { AddApplicationForm } from './add-application-form';

installObjectUrls();

const h = apiHarnessForFile({ signedIn: true });

function renderForm() {
  const onCreated = vi.fn();
  renderRoutes([{ path: paths.applicationNew, Component: () => <AddApplicationForm onCreated={onCreated} /> }], [paths.applicationNew]);
  return onCreated;
}

/** What a person can type or pick, including nothing. */
type Typed = Partial<Record<keyof ApplicationFormValues, string>>;

async function fill(values: Typed, image?: File) {
  const user = userEvent.setup({ delay: null });
  await fillApplicationFields(user, values);
  if (image) {
    await user.upload(screen.getByLabelText('Image'), image);
    // The photo is made ready for upload first (ADR 0026); the button waits for it.
    await screen.findByRole('img', { name: 'Preview of the chosen image' });
  }
  await user.click(screen.getByRole('button', { name: 'Add Application' }));
}

const alertText = () => screen.getByRole('alert').textContent;

describe('add application form', () => {
  it('has every field in order, with the sex and 14 job title options', () => {
    renderForm();
    const labels = within(screen.getByRole('form', { name: 'Add application' }))
      .getAllByText((_, el) => el?.tagName === 'LABEL')
      .map((l) => l.textContent);
    expect(labels).toEqual([...LABELS.map(([, label]) => label), 'Visa type', 'Image', 'By email', 'By SMS', 'By WhatsApp']);
    const jobOptions = within(screen.getByLabelText('Job title')).getAllByRole('option').slice(1);
    expect(jobOptions.map((o) => o.textContent)).toHaveLength(14);
    expect(
      within(screen.getByLabelText('Sex'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select sex', 'Male', 'Female']);
    expect(screen.getByLabelText('Date of birth')).toHaveAttribute('type', 'date');
  });

  it("shows one message at a time, the first failing rule in the rules' order", async () => {
    const sent = h.sent.length;
    renderForm();
    await fill({});
    await waitFor(() => expect(alertText()).toBe(VALIDATION.surnameLength));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    await fill({ surname: 'Rahman', givenN: 'Jo' });
    await waitFor(() => expect(alertText()).toBe(VALIDATION.givenNameLength));
    await fill({ surname: 'Rahman', givenN: 'Karim', email: 'kar im@example.com' });
    await waitFor(() => expect(alertText()).toBe(VALIDATION.email));
    await fill({ ...applicationFields(), phone: '01712-abc' });
    await waitFor(() => expect(alertText()).toBe(VALIDATION.phone));
    await fill({ ...applicationFields(), nationalId: '', company: '' });
    await waitFor(() => expect(alertText()).toBe(pleaseEnterValid('national ID')));
    await fill({ ...applicationFields(), jobTitle: '' });
    await waitFor(() => expect(alertText()).toBe(pleaseEnterValid('job title')));
    expect(h.sent.length).toBe(sent);
  });

  it('shows the message under the first failing field, marks that field invalid and focuses it', async () => {
    renderForm();
    await fill({});
    const surname = screen.getByLabelText('Surname');
    await waitFor(() => expect(surname).toHaveFocus());
    expect(surname).toHaveAttribute('aria-invalid', 'true');
    expect(surname).toHaveClass('is-invalid');
    expect(surname).toHaveAccessibleDescription(VALIDATION.surnameLength);
    // Only the first failure is shown: the other empty fields are not marked.
    expect(screen.getByLabelText('Given name')).toHaveAttribute('aria-invalid', 'false');

    await fill({ ...applicationFields(), phone: '01712-abc', salary: '' });
    const phone = screen.getByLabelText('Phone');
    await waitFor(() => expect(phone).toHaveFocus());
    expect(phone).toHaveAccessibleDescription(VALIDATION.phone);
    expect(surname).toHaveAttribute('aria-invalid', 'false');
    expect(surname).not.toHaveAccessibleDescription();
  });

  it('puts a duplicate under its field, from the check before sending or from the server’s refusal', async () => {
    const existing = await seedApplication(h);
    renderForm();
    await fill({ ...applicationFields(), passport: existing.passport.toLowerCase() });
    const passport = screen.getByLabelText('Passport');
    await waitFor(() => expect(passport).toHaveFocus());
    expect(passport).toHaveAccessibleDescription(VALIDATION.passportTaken);

    // Another clerk saves the same email between the check and the save: the server's 409 names the field.
    const values = applicationFields();
    const releaseCheck = h.hold();
    await fill(values, await jpegFile());
    await waitFor(() => expect(h.sentTo('GET /api/application/checkAvailability').length).toBeGreaterThan(1));
    releaseCheck();
    const releaseSave = h.hold();
    await waitFor(() => expect(h.sentTo('POST /api/application/addApplication')).toHaveLength(1));
    await seedApplication(h, { email: values.email });
    releaseSave();
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email).toHaveAccessibleDescription(VALIDATION.emailTaken));
    expect(email).toHaveFocus();
    expect(email).toHaveAttribute('aria-invalid', 'true');
  });

  it('checks email and passport against the server (rules 6 and 7) before the image rules', async () => {
    const existing = await seedApplication(h);
    renderForm();
    await fill({ ...applicationFields(), email: existing.email.toUpperCase() });
    await waitFor(() => expect(alertText()).toBe(VALIDATION.emailTaken));
    await fill({ ...applicationFields(), passport: existing.passport.toLowerCase() });
    await waitFor(() => expect(alertText()).toBe(VALIDATION.passportTaken));
  });

  it('refuses an image over 10 MB (rule 8) and no image (rule 9) without uploading', async () => {
    renderForm();
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
    await fill(applicationFields(), big);
    await waitFor(() => expect(alertText()).toBe(VALIDATION.imageTooLargeAdd));
    cleanup();
    renderForm();
    await fill(applicationFields());
    await waitFor(() => expect(alertText()).toBe(APPLICATION_TEXTS.imageRequired));
    expect(h.sent.some((c) => c.url?.includes('addApplication'))).toBe(false);
  });

  it('posts the form with a 20 s timeout and reports the created application', async () => {
    const onCreated = renderForm();
    const values = applicationFields({ passport: 'zq 4455667' });
    await fill(values, await jpegFile());
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    expect(onCreated.mock.calls[0]![0]).toMatchObject({ passport: 'ZQ4455667', email: values.email, isStatus: 'pending' });
    const post = h.sent.find((c) => c.url?.includes('addApplication'));
    expect(post?.timeout).toBe(TIMEOUTS.addApplication);
    const row = await h.t.db
      .selectFrom('applications')
      .select(['surname', 'image_key'])
      .where('passport', '=', 'ZQ4455667')
      .executeTakeFirst();
    expect(row?.image_key).toMatch(/^private\//);
  });

  it('picks nationality and issuing country from the English country list and sends their codes', async () => {
    const onCreated = renderForm();
    const nationality = screen.getByLabelText('Current nationality');
    await waitFor(() => expect(nationality).toBeEnabled());
    // Plain DOM: role queries over 250 options are slow in jsdom.
    const names = Array.from((nationality as HTMLSelectElement).options, (o) => o.textContent);
    expect(names[0]).toBe('Select country');
    expect(names.length).toBeGreaterThan(240);
    expect(names.slice(1)).toEqual([...names.slice(1)].sort(new Intl.Collator('en').compare));
    await fill({ ...applicationFields({ passport: 'ZQ9988776' }), currentN: 'NP', issuedCountry: 'IN' }, await jpegFile());
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    expect(onCreated.mock.calls[0]![0]).toMatchObject({
      currentN: 'Nepal',
      currentNCode: 'NP',
      issuedCountry: 'India',
      issuedCountryCode: 'IN',
    });
  });

  it('asks for a country when none is picked, with the product’s message', async () => {
    renderForm();
    await fill({ ...applicationFields(), currentN: '' });
    await waitFor(() => expect(alertText()).toBe(pleaseEnterValid('current nationality')));
    expect(screen.getByLabelText('Current nationality')).toHaveAccessibleDescription(pleaseEnterValid('current nationality'));
  });

  it('shows the server’s words when it refuses the file, whatever the browser said about it', async () => {
    renderForm();
    // Named and typed as a JPEG, but the bytes are text.
    await fill(applicationFields(), new File(['not a picture'], 'fake.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(alertText()).toBe(VALIDATION.imageTypeEdit));
    const image = screen.getByLabelText('Image');
    expect(image).toHaveFocus();
    expect(image).toHaveAttribute('aria-invalid', 'true');
    expect(image.getAttribute('aria-describedby')?.split(' ')).toHaveLength(2);
    expect(image).toHaveAccessibleDescription(`${VALIDATION.imageTypeEdit} JPEG or PNG, at most 10 MB.`);
  });

  it('words failures as the product does: a status, no response, a failed duplicate check', async () => {
    h.fault('POST /api/application/addApplication', { proxyStatus: 500, body: { message: 'x' } }, 'network-error');
    renderForm();
    const image = await jpegFile();
    await fill(applicationFields(), image);
    await waitFor(() => expect(alertText()).toBe(ADD_APPLICATION.failedWithStatus(500)));
    await fill(applicationFields(), image);
    await waitFor(() => expect(alertText()).toBe(ADD_APPLICATION.error));
    h.fault('GET /api/application/checkAvailability', 'network-error');
    await fill(applicationFields(), image);
    await waitFor(() => expect(alertText()).toBe(ADD_APPLICATION.fetchError));
    // A failure about no field in particular sits just above the button that was pressed.
    expect(screen.getByRole('alert').nextElementSibling).toBe(screen.getByRole('button', { name: 'Add Application' }));
    expect(h.sentTo('POST /api/application/addApplication')).toHaveLength(2);
  });

  it('keeps the form after a dropped connection or a timeout and sends the same again with Retry; a refusal offers no Retry (ADR 0026)', async () => {
    h.fault('POST /api/application/addApplication', { proxyStatus: 500, body: { message: 'x' } }, 'network-error', 'timeout');
    const onCreated = renderForm();
    const typed = applicationFields();
    await fill(typed, await jpegFile());
    await waitFor(() => expect(alertText()).toBe(ADD_APPLICATION.failedWithStatus(500)));
    expect(screen.queryByRole('button', { name: UPLOAD.retry })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Add Application' }));
    await waitFor(() => expect(alertText()).toBe(ADD_APPLICATION.error));
    const retry = screen.getByRole('button', { name: UPLOAD.retry });
    expect(retry).toHaveAccessibleDescription(UPLOAD.connectionLost);
    expect(screen.getByLabelText('Passport')).toHaveValue(typed.passport);
    // Retry sends the form as it is now: a field corrected meanwhile goes with it.
    await userEvent.clear(screen.getByLabelText('Salary'));
    await userEvent.type(screen.getByLabelText('Salary'), 'CAD 3,100 / month');
    await userEvent.click(screen.getByRole('button', { name: UPLOAD.retry }));
    // The timeout: still kept, Retry again.
    await waitFor(() => expect(h.sentTo('POST /api/application/addApplication')).toHaveLength(3));
    await userEvent.click(await screen.findByRole('button', { name: UPLOAD.retry }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    const posts = h.sentTo('POST /api/application/addApplication');
    expect(posts.map((p) => p.outcome)).toEqual(['proxy 500', 'network-error', 'timeout', 201]);
    // The same prepared photo each time; the duplicate check ran only for the two submits, not for Retry.
    const photo = (n: number) => {
      const file = (posts[n]!.data as FormData).get('image') as File;
      return { name: file.name, size: file.size, type: file.type };
    };
    expect(photo(3)).toEqual(photo(1));
    expect(photo(2)).toEqual(photo(1));
    expect((posts[3]!.data as FormData).get('salary')).toBe('CAD 3,100 / month');
    expect(h.sentTo('GET /api/application/checkAvailability')).toHaveLength(2);
  });
});
