import { cleanup, configure, fireEvent, screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCountries } from '@visa/shared/countries';
import { VIEW_ONE } from '@visa/shared/ui-texts';
import { renderRoutes } from '../../../../test/render';
import BengaliLayout from './bn/layout';
import PublicLayout from './layout';
import ViewOneRoute from './view-one';

// The applicant copy the status check leads to (the check itself: enquiry.test.tsx).

/** One applicant's copy as the status check hands it on; each test adds the status and photo it needs. */
const applicantCopy = {
  surname: 'Islam',
  givenN: 'Tahmina',
  sex: 'Female' as const,
  dob: '1993-04-01',
  currentN: 'Bangladesh',
  currentNCode: 'BD',
  passport: 'AB1122334',
  issuedCountry: 'Bangladesh',
  issuedCountryCode: 'BD' as string | null,
  jobTitle: 'Cook',
  company: 'Maple Foods Ltd',
  dutyDuration: '2 years',
  stage: { key: 'submitted', en: 'Submitted to IRCC', bn: 'IRCC-তে জমা দেওয়া হয়েছে' },
  waiting: null as { kind: 'biometrics' | 'medical' | 'passport'; deadline: string } | null,
};

beforeAll(async () => {
  await Promise.all([loadCountries('en'), loadCountries('bn')]);
  // Role queries check every element's computed style to skip hidden ones, slow in jsdom; nothing these tests look for is hidden.
  configure({ defaultHidden: true });
});
afterAll(() => configure({ defaultHidden: false }));

const routes = [
  { Component: PublicLayout, children: [{ path: '/view-one', Component: ViewOneRoute }] },
  { Component: BengaliLayout, children: [{ path: '/bn/view-one', Component: ViewOneRoute }] },
];

describe('/view-one on its own', () => {
  it("shows 'No application data found.' without results", async () => {
    renderRoutes(routes, ['/view-one']);
    expect(await screen.findByRole('status')).toHaveTextContent(VIEW_ONE.noData);
    expect(screen.getByRole('link', { name: 'Check another application' })).toHaveAttribute('href', '/enquiry');
  });

  it('shows the copy it was given, with a placeholder once the photo link has expired', async () => {
    const application = {
      ...applicantCopy,
      issuedCountry: 'Martian Republic',
      issuedCountryCode: null,
      image: '/files/private/photo.jpg?exp=1&sig=old',
      isStatus: 'rejected' as const,
      pending: null,
      approve: null,
    };
    renderRoutes(routes, [{ pathname: '/view-one', state: { applications: [application] } }]);
    const photo = await screen.findByRole('img', { name: 'Photo of Tahmina Islam' });
    // A code reads as the country's name; an old value no country matched, as it was typed.
    expect(await screen.findByText('Bangladesh')).toBeInTheDocument();
    expect(screen.getByText('Martian Republic')).toBeInTheDocument();
    expect(screen.getByText('The visa was refused this time.')).toBeInTheDocument();
    fireEvent.error(photo);
    expect(screen.getByText('No photo on file')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Photo of Tahmina Islam' })).not.toBeInTheDocument();
  });

  it('ignores navigation state that is not a list of results', async () => {
    renderRoutes(routes, [{ pathname: '/view-one', state: { applications: 'nope' } }]);
    expect(await screen.findByRole('status')).toHaveTextContent(VIEW_ONE.noData);
  });
});

describe('/view-one words that match the status', () => {
  const result = (isStatus: 'pending' | 'approved' | 'rejected', dates: { pending: string | null; approve: string | null }) => ({
    ...applicantCopy,
    image: null,
    isStatus,
    ...dates,
  });
  const open = async (pathname: string, application: ReturnType<typeof result>) => {
    renderRoutes(routes, [{ pathname, state: { applications: [application] } }]);
    return screen.findByRole('article');
  };

  it('gives an approved application the day processing started and the approval date, and counts collection from the approval', async () => {
    const copy = await open('/view-one', result('approved', { pending: '2026-11-25', approve: '2026-11-20' }));
    expect(within(copy).getByText('Processing started').nextSibling).toHaveTextContent('25 Nov 2026');
    expect(within(copy).getByText('Visa approval date').nextSibling).toHaveTextContent('20 Nov 2026');
    expect(copy.textContent).toContain('business days after the approval date.');
    expect(copy.textContent).not.toMatch(/collection date/i);
  });

  it('says since when a pending application waits and that news comes by email, never "collection"', async () => {
    const copy = await open('/view-one', result('pending', { pending: '2026-11-25', approve: null }));
    expect(within(copy).getByText('In progress since').nextSibling).toHaveTextContent('25 Nov 2026');
    expect(within(copy).getByText('We will email you when there is news.')).toBeInTheDocument();
    expect(copy.textContent).not.toMatch(/collect|approval date/i);
  });

  it('gives a refusal its decision without dates or any "come and collect" wording', async () => {
    const copy = await open('/view-one', result('rejected', { pending: '2026-11-25', approve: null }));
    expect(within(copy).getByText('The visa was refused this time.')).toBeInTheDocument();
    expect(copy.textContent).not.toMatch(/collect|approval|since|started|25 Nov 2026/i);
  });

  it('keeps the result when the language is switched, without putting it in the URL', async () => {
    renderRoutes(routes, [
      { pathname: '/view-one', state: { applications: [result('pending', { pending: '2026-11-25', approve: null })] } },
    ]);
    await screen.findByRole('article');
    fireEvent.click(screen.getByRole('link', { name: 'বাংলা' }));
    const copy = await screen.findByRole('article', { name: 'আবেদনকারীর কপি: Tahmina Islam' });
    expect(within(copy).getByText('প্রক্রিয়াধীন যে তারিখ থেকে').nextSibling).toHaveTextContent('২৫ নভে, ২০২৬');
    expect(screen.getByRole('link', { name: 'English' })).toHaveAttribute('href', '/view-one');
    fireEvent.click(screen.getByRole('link', { name: 'English' }));
    expect(await screen.findByRole('article', { name: 'Applicant copy: Tahmina Islam' })).toBeInTheDocument();
  });

  it('names the stage and what waits on the applicant by when, in both languages', async () => {
    const waiting = {
      ...result('pending', { pending: '2026-11-25', approve: null }),
      stage: { key: 'biometrics', en: 'Fingerprints and photo', bn: 'আঙুলের ছাপ ও ছবি' },
      waiting: { kind: 'biometrics' as const, deadline: '2027-01-12' },
    };
    const copy = await open('/view-one', waiting);
    expect(within(copy).getByText('Stage').nextSibling).toHaveTextContent('Fingerprints and photo');
    expect(within(copy).getByText('Waiting on you:').parentElement).toHaveTextContent(
      'Waiting on you: Give your biometrics at VFS by 12 Jan 2027.',
    );
    // Something is to be done, so the page no longer says there is nothing to do.
    expect(copy.textContent).not.toContain('There is nothing you need to do now');
    cleanup();
    const bengali = await open('/bn/view-one', { ...waiting, waiting: { kind: 'passport', deadline: '2027-01-12' } });
    expect(within(bengali).getByText('ধাপ').nextSibling).toHaveTextContent('আঙুলের ছাপ ও ছবি');
    expect(within(bengali).getByText('আপনার করণীয়:').parentElement).toHaveTextContent(
      'আপনার করণীয়: ১২ জানু, ২০২৭-এর মধ্যে VFS-এ আপনার পাসপোর্ট জমা দিন।',
    );
    cleanup();
    // Nothing waiting: the stage alone, and the status's own next step.
    const quiet = await open('/view-one', result('pending', { pending: '2026-11-25', approve: null }));
    expect(within(quiet).getByText('Stage').nextSibling).toHaveTextContent('Submitted to IRCC');
    expect(within(quiet).queryByText('Waiting on you:')).not.toBeInTheDocument();
    expect(quiet.textContent).toContain('There is nothing you need to do now');
  });

  it('does the same in Bengali', async () => {
    const pending = await open('/bn/view-one', result('pending', { pending: '2026-11-25', approve: null }));
    expect(within(pending).getByText('প্রক্রিয়াধীন যে তারিখ থেকে').nextSibling).toHaveTextContent('২৫ নভে, ২০২৬');
    expect(within(pending).getByText('কোনো খবর হলে আমরা আপনাকে ইমেইল করব।')).toBeInTheDocument();
    expect(pending.textContent).not.toContain('সংগ্রহ');
    cleanup();
    const rejected = await open('/bn/view-one', result('rejected', { pending: '2026-11-25', approve: null }));
    expect(rejected.textContent).not.toContain('সংগ্রহ');
    expect(rejected.textContent).not.toContain('২৫ নভে, ২০২৬');
    cleanup();
    const approved = await open('/bn/view-one', result('approved', { pending: '2026-11-25', approve: '2026-11-20' }));
    expect(within(approved).getByText('প্রক্রিয়া শুরুর তারিখ').nextSibling).toHaveTextContent('২৫ নভে, ২০২৬');
    // A job title from the form's list is named in Bengali too.
    expect(within(approved).getByText('পদের নাম').nextSibling).toHaveTextContent('রাঁধুনি');
  });
});
