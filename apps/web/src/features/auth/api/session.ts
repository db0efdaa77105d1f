import { apiUrl } from '@visa/shared/api-paths';
import { type SessionInfo, SessionInfoSchema } from '@visa/shared/session';
import { BACKGROUND, api } from '../../../lib/api-client';

/** The session as the server has it; a background call, so asking never keeps the session alive (ADR 0018). */
export const checkSession = async (): Promise<SessionInfo> =>
  SessionInfoSchema.parse((await api.get(apiUrl('getSession'), BACKGROUND)).data);

/** "Stay signed in": one call that the server records as activity, whatever its write interval. */
export const staySignedIn = async (): Promise<SessionInfo> => SessionInfoSchema.parse((await api.post(apiUrl('staySignedIn'))).data);
