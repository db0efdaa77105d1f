import { type DateLanguage, formatDate, isIsoDate } from '@visa/shared/dates';

/**
 * Under a native date field: the day chosen, written as every page writes dates. The field itself
 * shows the browser's own format (MM/DD/YYYY on a US-set phone), which no page can change.
 */
export function ChosenDate({ value, language = 'en', prefix }: { value: string | undefined; language?: DateLanguage; prefix: string }) {
  if (!value || !isIsoDate(value)) return null;
  return (
    <div className="form-text" data-testid="chosen-date">
      {prefix} <strong>{formatDate(value, language)}</strong>
    </div>
  );
}
