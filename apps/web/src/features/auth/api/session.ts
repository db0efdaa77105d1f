import { apiUrl } from '@visa/shared/api-paths';
import type { SessionInfo } from '@visa/shared/session';
import { BACKGROUND, api } from '../../../lib/api-client';

/**
 * An answer read through the session's schema, which loads with the first answer rather than with
 * the page: every staff page's shell checks the session, and the schema needs zod, which would
 * otherwise be part of every page's start, the dashboard's included (ADR 0111).
 */
const sessionInfo = async (data: unknown): Promise<SessionInfo> => (await import('@visa/shared/session')).SessionInfoSchema.parse(data);

/** The session as the server has it; a background call, so asking never keeps the session alive (ADR 0018). */
export const checkSession = async (): Promise<SessionInfo> => sessionInfo((await api.get(apiUrl('getSession'), BACKGROUND)).data);

/** "Stay signed in": one call that the server records as activity, whatever its write interval. */
export const staySignedIn = async (): Promise<SessionInfo> => sessionInfo((await api.post(apiUrl('staySignedIn'))).data);
