import { act, configure, fireEvent, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { STATUS_CHECK_DEBOUNCE_MS, TIMEOUTS } from '@visa/shared/constants';
import { loadCountries } from '@visa/shared/countries';
import { SERVER, VALIDATION } from '@visa/shared/ui-texts';
import { renderRoutes } from '../../../../test/render';
import BengaliLayout from './bn/layout';
import EnquiryRoute from './enquiry';
import PublicLayout from './layout';
import ViewOneRoute from './view-one';
import { type StatusCheckApi, startStatusCheckApi } from '../../../features/status-check/test/status-check-api';

let api: StatusCheckApi;
beforeAll(async () => {
  api = await startStatusCheckApi();
  // Loaded once on the real clock: a module import waits on timers the page clock below fakes.
  await Promise.all([loadCountries('en'), loadCountries('bn')]);
  // Role queries check every element's computed style to skip hidden ones; with a 250-country
  // list on the page that takes seconds in jsdom. Nothing these tests look for is hidden.
  configure({ defaultHidden: true });
});
afterAll(() => configure({ defaultHidden: false }));
afterAll(() => api.close());

/** What the page scrolled into view: jsdom lays nothing out, so the call itself is what is seen. */
const scrolledTo: Element[] = [];
beforeEach(() => {
  api.sent.length = 0;
  scrolledTo.length = 0;
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolledTo.push(this);
  };
});

/**
 * The debounce and the timeout are tested with fake timers for the page (setTimeout only); the
 * API underneath still runs for real, so answers are awaited with real-time polling.
 */
const withPageClock = () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
};

const realSetTimeout = globalThis.setTimeout;
async function eventually(assertion: () => void, timeoutMs = 15_000) {
  const started = Date.now();
  for (;;) {
    await act(async () => {
      await new Promise((resolve) => realSetTimeout(resolve, 20));
    });
    try {
      assertion();
      return;
    } catch (error) {
      if (Date.now() - started > timeoutMs) throw error;
    }
  }
}

const routes = [
  {
    Component: PublicLayout,
    children: [
      { path: '/enquiry', Component: EnquiryRoute },
      { path: '/view-one', Component: ViewOneRoute },
    ],
  },
  {
    Component: BengaliLayout,
    children: [
      { path: '/bn/enquiry', Component: EnquiryRoute },
      { path: '/bn/view-one', Component: ViewOneRoute },
    ],
  },
];

/** Lets the debounce run out and the real API answer. */
const settle = async (ms = STATUS_CHECK_DEBOUNCE_MS) => {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
};

const LABELS = {
  en: { passport: 'Passport number', nationality: 'Nationality', dob: 'Date of birth' },
  bn: { passport: 'পাসপোর্ট নম্বর', nationality: 'জাতীয়তা', dob: 'জন্মতারিখ' },
};

/**
 * Fills the form. The passport is typed one character at a time (one change per keystroke, as a
 * browser reports typing); the country is picked from the list once the list has loaded, and the
 * date arrives whole, as a date picker gives it. fireEvent rather than user-event: the page's
 * clock is fake here, and user-event waits on that clock.
 */
async function fill(values: { passport?: string; nationality?: string; dob?: string }, language: 'en' | 'bn' = 'en') {
  const labels = LABELS[language];
  for (const field of ['passport', 'nationality', 'dob'] as const) {
    const value = values[field];
    if (value === undefined) continue;
    const input = screen.getByLabelText(labels[field]) as HTMLInputElement;
    if (field === 'passport') {
      for (const ch of value) fireEvent.change(input, { target: { value: input.value + ch } });
      continue;
    }
    if (field === 'nationality') await eventually(() => expect(optionNames(input)).toContain(countryNames[language][value]));
    fireEvent.change(input, { target: { value } });
  }
}

/** A select's options as shown (plain DOM: role queries over 250 options are slow in jsdom). */
const optionNames = (select: HTMLElement) => Array.from((select as HTMLSelectElement).options, (o) => o.textContent);

/** The names the list shows for the codes these tests pick. */
const countryNames: Record<'en' | 'bn', Record<string, string>> = {
  en: { BD: 'Bangladesh', IN: 'India' },
  bn: { BD: 'বাংলাদেশ', IN: 'ভারত' },
};

describe('the enquiry form', () => {
  withPageClock();

  it('sends nothing while any of the three inputs is empty', async () => {
    const row = await api.insertApplication();
    renderRoutes(routes, ['/enquiry']);
    await fill({ passport: row.passport, nationality: 'BD' });
    await settle(5 * STATUS_CHECK_DEBOUNCE_MS);
    fireEvent.click(screen.getByRole('button', { name: 'Check status' }));
    await settle();
    expect(api.sent).toEqual([]);
  });

  it('searches once, 500 ms after typing stops, with the three inputs', async () => {
    const row = await api.insertApplication();
    renderRoutes(routes, ['/enquiry']);
    await fill({ dob: row.dob, nationality: 'BD', passport: row.passport });
    await settle(STATUS_CHECK_DEBOUNCE_MS - 1);
    expect(api.sent).toEqual([]);
    await settle(1);
    await eventually(() => expect(api.sent).toHaveLength(1));
    const url = new URL(api.sent[0]!, 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      limit: '10',
      search: row.passport,
      search1: 'BD',
      search2: row.dob,
    });
  });

  it('restarts the 500 ms wait on every keystroke', async () => {
    renderRoutes(routes, ['/enquiry']);
    await fill({ dob: '1990-01-01', nationality: 'BD', passport: 'AB12' });
    await settle(STATUS_CHECK_DEBOUNCE_MS - 100);
    await fill({ passport: '3' });
    await settle(STATUS_CHECK_DEBOUNCE_MS - 100);
    expect(api.sent).toEqual([]);
    await settle(100);
    await eventually(() => expect(api.sent).toHaveLength(1));
    expect(new URL(api.sent[0]!, 'http://x').searchParams.get('search')).toBe('AB123');
  });

  it('searches at once on submit, without waiting for the debounce', async () => {
    renderRoutes(routes, ['/enquiry']);
    await fill({ dob: '1990-01-01', nationality: 'BD', passport: 'ZZ0000001' });
    fireEvent.click(screen.getByRole('button', { name: 'Check status' }));
    await eventually(() => expect(api.sent).toHaveLength(1));
    await eventually(() => expect(screen.getByRole('alert')).toHaveTextContent(VALIDATION.enquiryNoMatch));
    // On a phone the message lands below the fold: after the button it is scrolled to and focused.
    expect(scrolledTo).toContain(screen.getByRole('alert'));
    expect(screen.getByRole('alert')).toHaveFocus();
  });

  it("shows 'No valid application found. Please check your input.' when nothing matches exactly", async () => {
    const row = await api.insertApplication({ dob: '1991-06-20' });
    renderRoutes(routes, ['/enquiry']);
    // Right passport and nationality, date one day off.
    await fill({ passport: row.passport, nationality: 'BD', dob: '1991-06-21' });
    await settle();
    await eventually(() => expect(screen.getByRole('alert')).toHaveTextContent(VALIDATION.enquiryNoMatch));
    expect(screen.getByRole('heading', { name: 'Check Your Application Status' })).toBeInTheDocument();
    // Found while typing: brought into view, but focus is left where the person is typing.
    expect(scrolledTo).toContain(screen.getByRole('alert'));
    expect(screen.getByRole('alert')).not.toHaveFocus();
  });

  it('goes to /view-one with the applicant copy when all three match', async () => {
    const row = await api.insertApplication({
      surname: 'Hossain',
      given_name: 'Karim',
      status: 'approved',
      approve_date: '2026-11-20',
      pending_date: '2026-11-25',
      stage: 'decision',
    });
    renderRoutes(routes, ['/enquiry']);
    await fill({ passport: row.passport.toLowerCase(), nationality: 'BD', dob: row.dob });
    await settle();
    await eventually(() => expect(screen.getByRole('heading', { name: 'Application Status' })).toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Karim Hossain' })).toBeInTheDocument();
    expect(screen.getAllByText('Approved')[0]).toBeInTheDocument();
    expect(screen.getByText('20 Nov 2026')).toBeInTheDocument();
    expect(screen.getByText('12 Mar 1994')).toBeInTheDocument();
    expect(screen.getByText(row.passport)).toBeInTheDocument();
    // Nationality and issuing country, stored as BD, read as the country's name.
    await eventually(() => expect(screen.getAllByText('Bangladesh')).toHaveLength(2));
    expect(screen.getByText('Your visa has been approved.')).toBeInTheDocument();
    expect(screen.getByText('Stage').nextSibling).toHaveTextContent('Decision');
    expect(screen.queryByText('Waiting on you:')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print this page' })).toBeInTheDocument();
  });

  it("shows the server's message as text when it refuses (too many lookups: 429)", async () => {
    await api.exhaustRateLimit();
    try {
      renderRoutes(routes, ['/enquiry']);
      await fill({ dob: '1990-01-01', nationality: 'BD', passport: 'AB1234567' });
      await settle();
      await eventually(() => expect(screen.getByRole('alert')).toHaveTextContent(SERVER.tooManyRequests));
    } finally {
      await api.resetRateLimit();
    }
  });

  it('gives up after 10 s and says so', async () => {
    renderRoutes(routes, ['/enquiry']);
    api.hangNext();
    await fill({ dob: '1990-01-01', nationality: 'BD', passport: 'AB7654321' });
    await settle();
    await eventually(() => expect(api.sent).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Searching…' })).toBeDisabled();
    await settle(TIMEOUTS.statusCheck - 1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await settle(1);
    await eventually(() => expect(screen.getByRole('alert')).toHaveTextContent('The server took too long to answer. Please try again.'));
  });

  it('clears the message once an input is emptied again', async () => {
    renderRoutes(routes, ['/enquiry']);
    await fill({ dob: '1990-01-01', nationality: 'BD', passport: 'QQ1' });
    await settle();
    await eventually(() => expect(screen.getByRole('alert')).toHaveTextContent(VALIDATION.enquiryNoMatch));
    fireEvent.change(screen.getByLabelText('Passport number'), { target: { value: '' } });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers a login button and explains every status in plain words', async () => {
    renderRoutes(routes, ['/enquiry']);
    await eventually(() => expect(screen.getByRole('link', { name: 'Staff login' })).toHaveAttribute('href', '/login'));
    expect(screen.getByRole('heading', { name: 'What each status means' })).toBeInTheDocument();
    for (const label of ['In progress', 'Approved', 'Not approved']) expect(screen.getByText(label)).toBeInTheDocument();
    expect(screen.getByText(/There is nothing you need to do now/)).toBeInTheDocument();
  });
});

describe('in Bengali', () => {
  withPageClock();

  it('asks in Bengali, shows a miss in Bengali and a refusal in Bengali', async () => {
    renderRoutes(routes, ['/bn/enquiry']);
    await eventually(() => expect(screen.getByRole('heading', { name: 'আবেদনের অবস্থা যাচাই করুন' })).toBeInTheDocument());
    await fill({ dob: '1990-01-01', nationality: 'BD', passport: 'BN0000001' }, 'bn');
    await settle();
    await eventually(() => expect(screen.getByRole('alert')).toHaveTextContent('কোনো বৈধ আবেদন পাওয়া যায়নি।'));

    await api.exhaustRateLimit();
    try {
      await fill({ passport: '2' }, 'bn');
      await settle();
      await eventually(() =>
        expect(screen.getByRole('alert')).toHaveTextContent('অনেকবার চেষ্টা করা হয়েছে। কয়েক মিনিট অপেক্ষা করে আবার চেষ্টা করুন।'),
      );
    } finally {
      await api.resetRateLimit();
    }
  });

  it('shows the copy with Bengali digits and dates', async () => {
    const row = await api.insertApplication({ dob: '1988-07-05', pending_date: '2026-12-09', stage: 'medical' });
    // An open medical letter, as staff enter it: the page says what to do and by when.
    await api.t.db
      .insertInto('case_letters')
      .values({
        id: `${row.id}-medical`,
        application_id: row.id,
        kind: 'medical',
        letter_date: '2026-12-10',
        deadline: '2027-01-12',
        rule_deadline: null,
        owner_id: null,
        done_on: null,
        created_by: null,
        created_at: '2026-12-10T09:00:00.000Z',
      })
      .execute();
    renderRoutes(routes, ['/bn/enquiry']);
    await fill({ passport: row.passport, nationality: 'BD', dob: row.dob }, 'bn');
    await settle();
    await eventually(() => expect(screen.getByRole('heading', { name: 'আবেদনের অবস্থা' })).toBeInTheDocument());
    expect(screen.getByText('৫ জুল, ১৯৮৮')).toBeInTheDocument();
    expect(screen.getByText('৯ ডিসে, ২০২৬')).toBeInTheDocument();
    expect(screen.getAllByText('প্রক্রিয়াধীন')[0]).toBeInTheDocument();
    expect(screen.getByText('ধাপ').nextSibling).toHaveTextContent('মেডিকেল পরীক্ষা');
    expect(screen.getByText('আপনার করণীয়:').parentElement).toHaveTextContent(
      'আপনার করণীয়: ১২ জানু, ২০২৭-এর মধ্যে IRCC-র প্যানেল চিকিৎসকের কাছে আপনার মেডিকেল পরীক্ষা করান।',
    );
    await eventually(() => expect(screen.getAllByText('বাংলাদেশ')).toHaveLength(2));
  });

  it('offers the countries by their Bengali names, in Bengali order, and sends the code', async () => {
    const row = await api.insertApplication({ current_nationality: 'IN' });
    renderRoutes(routes, ['/bn/enquiry']);
    const select = screen.getByLabelText('জাতীয়তা');
    await eventually(() => expect(optionNames(select).length).toBeGreaterThan(240));
    const names = optionNames(select);
    expect(names[0]).toBe('একটি দেশ বেছে নিন');
    expect(names.slice(1)).toEqual([...names.slice(1)].sort(new Intl.Collator('bn').compare));
    expect(names).toContain('বাংলাদেশ');
    expect(names).not.toContain('Bangladesh');
    await fill({ passport: row.passport, nationality: 'IN', dob: row.dob }, 'bn');
    await settle();
    await eventually(() => expect(screen.getByRole('heading', { name: 'আবেদনের অবস্থা' })).toBeInTheDocument());
    expect(new URL(api.sent[0]!, 'http://x').searchParams.get('search1')).toBe('IN');
    expect(screen.getByText('ভারত')).toBeInTheDocument();
  });
});
