import type { Generated, Selectable } from 'kysely';

/** Staff accounts and their sign-in: sessions, password resets, two-step sign-in (ADR 0018, ADR 0019). */

export interface UsersTable {
  id: string;
  name: string;
  email: string;
  role: 'superadmin' | 'admin';
  password_hash: string;
  /** 1 after a sign-in with an earlier app's password that breaks the password rule, until a new one is chosen (migration 20261126T133000). */
  must_change_password: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  refresh_hash: string;
  family_id: string;
  expires_at: string;
  revoked_at: string | null;
  created_at: string;
  ip: string | null;
  user_agent: string | null;
}

/** One row per session family: its idle and absolute limits are kept here (migration 20261123T110000, ADR 0018). */
export interface SessionFamiliesTable {
  family_id: string;
  user_id: string;
  started_at: string;
  last_active_at: string;
  expires_at: string;
  ended_at: string | null;
  /** A SessionEndReason from @visa/shared/session; null while the family lives. */
  end_reason: string | null;
}

/** "Forgot password?" links: the token's hash only (migration 20261123T150000). */
export interface PasswordResetsTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** Two-step sign-in (migration 20261123T120000, ADR 0019): secrets are AES-256-GCM ciphertexts, codes SHA-256 hashes. */
export interface SecondFactorsTable {
  user_id: string;
  secret_enc: string | null;
  enabled_at: string | null;
  last_step: number | null;
  pending_secret_enc: string | null;
  pending_created_at: string | null;
  updated_at: string;
  /** Wrong authenticator codes in a row (ADR 0039). */
  wrong_codes: Generated<number>;
}

export interface RecoveryCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  created_at: string;
  used_at: string | null;
}

export interface LoginChallengesTable {
  id: string;
  token_hash: string;
  user_id: string;
  kind: 'totp' | 'enrol';
  attempts: Generated<number>;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export type UserRow = Selectable<UsersTable>;
