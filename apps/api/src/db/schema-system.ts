import type { Selectable } from 'kysely';

/** The office's running parts: slides, audit trail, rate limits, scheduled jobs and settings. */

export interface SlidesTable {
  id: string;
  thumbnail: string;
  title: string;
  image_key: string | null;
  status: 'Published' | 'Unpublished';
  link: string;
  shown_on_navbar: number;
  position: number;
  alt_text: string;
  /** JSON list of the stored variants of the image (migration 20261121T132800). */
  image_variants: string;
  created_at: string;
  updated_at: string;
}

export interface AuditEventsTable {
  id: string;
  actor_user_id: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  at: string;
  details: string;
}

export interface RateLimitsTable {
  key: string;
  window_start: number;
  count: number;
}

/** Whose turn it is on a rate-limit key past its ceiling across addresses (migration 20261126T134000). */
export interface RateLimitTurnsTable {
  key: string;
  holder: string;
  expires_at: number;
}

/** Scheduled jobs: which instance claimed the current period, and how the last run went (migration 20261123T070000). */
export interface JobRunsTable {
  name: string;
  next_run_at: string;
  holder: string | null;
  started_at: string | null;
  finished_at: string | null;
  outcome: string | null;
  error: string | null;
}

/** Office-wide settings, a JSON value per key; apps/api/src/modules/kernel/settings/repository.ts types each key. */
export interface AppSettingsTable {
  key: string;
  value: string;
  updated_at: string;
  updated_by: string | null;
}

export type SlideRow = Selectable<SlidesTable>;
