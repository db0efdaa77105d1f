import { APPLICATION_TEXTS } from '@visa/shared/application-texts';
import type { Application } from '@visa/shared/applications';

/**
 * The name a row of applications shows, and its buttons are named by. An erased applicant has none
 * (ADR 0052): the row says so, with the end of its reference to tell such rows apart.
 */
export const rowName = (a: Pick<Application, '_id' | 'surname' | 'givenN' | 'anonymised'>) =>
  a.anonymised ? `${APPLICATION_TEXTS.erasedName} (${a._id.slice(-6)})` : `${a.surname} ${a.givenN}`;
