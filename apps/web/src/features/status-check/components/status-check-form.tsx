import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { EnquiryApplication } from '@visa/shared/enquiry';
import { OFFICE_TIME_ZONE, todayIn } from '@visa/shared/dates';
import { ChosenDate } from '../../../components/chosen-date';
import { OfficeContact } from '../../../components/office-contact';
import { useLocale } from '../../../lib/i18n';
import { useCountries } from '../../../lib/use-countries';
import { useStatusCheckTexts } from '../locales';
import type { StatusCheckFailure, StatusCheckInput } from '../api/get-status-check';
import { useStatusCheckSearch } from '../hooks/use-status-check-search';
import { usePageForm } from '../../../lib/page-form';

/**
 * The status check form (docs/product.md#status-check): passport number, nationality and date of
 * birth. Results go to the caller; a miss shows the product's message; an error shows the server's
 * message as text.
 */
export function StatusCheckForm({ onMatch }: { onMatch: (applications: EnquiryApplication[]) => void }) {
  const { language } = useLocale();
  const em = useStatusCheckTexts();
  const m = em.enquiry;
  const pageForm = usePageForm(m.searching);
  const id = useId();
  const [input, setInput] = useState<StatusCheckInput>({ passport: '', nationality: '', dob: '' });
  const { state, changed, submitted } = useStatusCheckSearch(onMatch);
  // Countries in the page's language, loaded once the form is on screen (ADR 0024).
  const countries = useCountries(language);

  // The latest input, not this render's: fields typed before the page was ready are handed over
  // one after the other with no render between (ADR 0037), and each must keep the ones before it.
  const latest = useRef(input);
  // Whether the search now answered was asked for with the button, not started by typing.
  const byButton = useRef(false);
  const alertRef = useRef<HTMLParagraphElement>(null);
  const update = (field: keyof StatusCheckInput) => (event: { target: { value: string } }) => {
    const next = { ...latest.current, [field]: event.target.value };
    latest.current = next;
    setInput(next);
    changed(next);
    byButton.current = false;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    byButton.current = true;
    submitted(latest.current);
  };

  const failureText = (failure: StatusCheckFailure) => {
    if (failure.kind === 'timeout') return m.timeout;
    if (failure.kind === 'network') return m.network;
    // The server speaks English; a Bengali page words the one error a visitor can run into itself.
    if (failure.status === 429 && language === 'bn') return m.tooMany;
    return failure.message;
  };

  const message = state.status === 'miss' ? m.noMatch : state.status === 'error' ? failureText(state.failure) : null;
  const searching = state.status === 'searching';

  // On a phone the message lands below the fold: it is brought into view and, after the button
  // (not while typing, where focus must stay in the field), focused, so it is read out and seen.
  useEffect(() => {
    const alert = alertRef.current;
    if (!message || !alert) return;
    alert.scrollIntoView?.({ block: 'nearest' });
    if (byButton.current) alert.focus({ preventScroll: true });
  }, [message, state]);

  return (
    <form {...pageForm} className="enquiry-form" onSubmit={submit} aria-describedby={`${id}-privacy`} aria-busy={searching}>
      <div className="mb-3">
        <label className="form-label" htmlFor={`${id}-passport`}>
          {m.passport}
        </label>
        <input
          id={`${id}-passport`}
          name="passport"
          className="form-control form-control-lg"
          value={input.passport}
          onChange={update('passport')}
          required
          maxLength={40}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-describedby={`${id}-passport-hint`}
        />
        <div id={`${id}-passport-hint`} className="form-text">
          {m.passportHint}
        </div>
      </div>
      <div className="mb-3">
        <label className="form-label" htmlFor={`${id}-nationality`}>
          {m.nationality}
        </label>
        <select
          id={`${id}-nationality`}
          name="nationality"
          className="form-select form-select-lg"
          value={input.nationality}
          onChange={update('nationality')}
          required
          aria-describedby={`${id}-nationality-hint`}
        >
          <option value="">{m.nationalityChoose}</option>
          {countries?.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </select>
        <div id={`${id}-nationality-hint`} className="form-text">
          {m.nationalityHint}
        </div>
      </div>
      <div className="mb-4">
        <label className="form-label" htmlFor={`${id}-dob`}>
          {m.dob}
        </label>
        <input
          id={`${id}-dob`}
          name="dob"
          type="date"
          className="form-control form-control-lg"
          value={input.dob}
          onChange={update('dob')}
          required
          min="1900-01-01"
          max={todayIn(OFFICE_TIME_ZONE)}
          // The build day and the visit day differ; the browser keeps whichever is newer.
          suppressHydrationWarning
          autoComplete="bday"
          aria-describedby={`${id}-dob-shown`}
        />
        <div id={`${id}-dob-shown`}>
          <ChosenDate value={input.dob} language={language} prefix={m.dobShown} />
        </div>
      </div>
      <button type="submit" className="btn btn-danger btn-lg w-100" disabled={searching}>
        {searching ? m.searching : m.submit}
      </button>
      <div className="enquiry-message mt-3" aria-live="polite">
        {message && (
          <p role="alert" className="alert alert-danger mb-0" ref={alertRef} tabIndex={-1}>
            {message}
          </p>
        )}
      </div>
      {/* Outside the live region: the alert is announced, the contact is there to be read. */}
      {state.status === 'miss' && <OfficeContact place="notice" />}
      <p id={`${id}-privacy`} className="small text-body-secondary mt-3 mb-0">
        {m.privacy}
      </p>
    </form>
  );
}
