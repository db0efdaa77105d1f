import { isIsoDate } from '@visa/shared/dates';
import { localDigits } from '../../lib/i18n';
import type { Language } from '../../lib/locales/paths';

/** A calendar date (YYYY-MM-DD) as DD-MM-YYYY, with Bengali digits on Bengali pages. */
export const formatDate = (isoDate: string, language: Language): string => {
  if (!isIsoDate(isoDate)) return isoDate;
  const [year, month, day] = isoDate.split('-');
  return localDigits(`${day}-${month}-${year}`, language);
};
