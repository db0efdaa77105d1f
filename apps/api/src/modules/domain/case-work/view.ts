import type { CaseSettings } from '@visa/shared/case-settings';
import type { CaseView, LetterKind } from '@visa/shared/case-work';
import type { CaseHead, CaseLetterRow, CaseStepRow } from './repository.js';

/** A case as the API answers it (ADR 0077): stored rows to the shared shape, names of staff beside their ids. */

const staff = (id: string | null, name: string | null) => (id === null ? null : { _id: id, name: name ?? '' });

export function toCaseView(o: {
  head: CaseHead;
  settings: CaseSettings;
  letters: (CaseLetterRow & { owner_name: string | null })[];
  steps: (CaseStepRow & { by_name: string | null })[];
  biometricsValidUntil: string | null;
  medicalValidUntil: string | null;
}): CaseView {
  return {
    stage: o.head.stage,
    irccNumber: o.head.irccNumber,
    biometricsValidUntil: o.biometricsValidUntil,
    medicalValidUntil: o.medicalValidUntil,
    stages: o.settings.stages,
    letters: o.letters.map((l) => ({
      _id: l.id,
      kind: l.kind as LetterKind,
      letterDate: l.letter_date,
      deadline: l.deadline,
      ruleDeadline: l.rule_deadline,
      reason: l.reason,
      owner: staff(l.owner_id, l.owner_name),
      doneOn: l.done_on,
      createdAt: l.created_at,
    })),
    timeline: o.steps.map((s) => ({
      _id: s.id,
      kind: s.kind,
      stage: s.stage,
      date: s.occurred_on,
      letterId: s.letter_id,
      note: s.note,
      by: staff(s.recorded_by, s.by_name),
      at: s.recorded_at,
    })),
  };
}
