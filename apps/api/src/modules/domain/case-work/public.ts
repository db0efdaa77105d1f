import { stageLabel } from '@visa/shared/case-work';
import { type EnquiryStage, type EnquiryWaiting, WAITING_KINDS, type WaitingKind } from '@visa/shared/enquiry';
import type { Db } from '../../../db/connection.js';
import { type SettingValue, settingFromText } from '../../kernel/settings/repository.js';
import * as repo from './repository.js';

/**
 * The case as the public status check tells it (ADR 0083): the stage in the office's words, and
 * what an open letter waits on the applicant to do in person by when. Nothing else of the case
 * (no IRCC number, note, reason or staff name) leaves through it.
 */
export interface PublicCase {
  stage: EnquiryStage;
  waiting: EnquiryWaiting | null;
}

const isWaitingKind = (kind: string | null): kind is WaitingKind => (WAITING_KINDS as readonly (string | null)[]).includes(kind);

let lastSettings: { text: string | null; value: SettingValue<'caseWork'> } | undefined;

/**
 * The office's stage names, parsed again only when their stored text changed: every hit of the
 * status check reads the text, and it changes only when an owner edits the stages.
 */
function caseWorkSettings(text: string | null): SettingValue<'caseWork'> {
  if (lastSettings?.text !== text) lastSettings = { text, value: settingFromText('caseWork', text) };
  return lastSettings.value;
}

/** One statement; undefined when there is no such application. A decided application waits on no one. */
export async function publicCase(
  db: Db,
  applicationId: string,
  status: 'pending' | 'approved' | 'rejected',
): Promise<PublicCase | undefined> {
  const row = await repo.findPublicCase(db, applicationId);
  if (!row) return undefined;
  const settings = caseWorkSettings(row.settings);
  const stage = { key: row.stage, en: stageLabel(row.stage, settings, 'en'), bn: stageLabel(row.stage, settings, 'bn') };
  const waiting = status === 'pending' && isWaitingKind(row.kind) && row.deadline ? { kind: row.kind, deadline: row.deadline } : null;
  return { stage, waiting };
}
