import { z } from 'zod';
import { SESSION_END_REASONS } from './session-rules.js';

/** Why a session ended (session-rules.ts), as the API checks it. */
export const SessionEndReasonSchema = z.enum(SESSION_END_REASONS);

/** What the web app needs to warn before the idle limit; in the sign-in, refresh and session answers. */
export const SessionInfoSchema = z.object({
  /** The idle limit in minutes. */
  idleMinutes: z.number().int().positive(),
  /** When the session ends whatever happens (the absolute limit). */
  expiresAt: z.string(),
  /** When the session ends unless there is activity before then, as the server has it recorded. */
  idleExpiresAt: z.string(),
  /** The server's time of this answer: the client measures from it, so a wrong clock on the device does not matter. */
  now: z.string(),
});
export type SessionInfo = z.infer<typeof SessionInfoSchema>;
