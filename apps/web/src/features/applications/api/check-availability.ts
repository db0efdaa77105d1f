import { apiUrl } from '@visa/shared/api-paths';
import { TIMEOUTS } from '@visa/shared/constants';
import { api } from '../../../lib/api-client';

export interface Availability {
  emailTaken: boolean;
  passportTaken: boolean;
}

/**
 * Whether the email and the passport are free, asked of the server rather than of a page of the
 * list: the answer covers every application. The unique indexes still decide a race on submit.
 */
export async function checkAvailability(input: { email: string; passport: string; exceptId?: string }): Promise<Availability> {
  const params = { email: input.email, passport: input.passport, ...(input.exceptId ? { exceptId: input.exceptId } : {}) };
  return (await api.get<Availability>(apiUrl('checkAvailability'), { params, timeout: TIMEOUTS.applicationAddFormFetch })).data;
}
