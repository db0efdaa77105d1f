import { HISTORY_TEXTS, type HistoryEvent, importedFileName } from '@visa/shared/applicant-file';
import { formatDate } from '@visa/shared/dates';
import { AUDIT_ACTIONS as A, auditActionLabel } from '@visa/shared/audit-actions';
import { APPLICATION_STATUSES, type ApplicationStatus, statusLabel } from '@visa/shared/constants';
import { FIELD_LABELS, type LabelledField, fieldLabelInSentence } from '@visa/shared/field-labels';
import { PRIVACY_HISTORY } from '@visa/shared/privacy-texts';
import { describeNoticeEvent } from './describe-notice-event';

const asStatus = (value: unknown): ApplicationStatus | null =>
  typeof value === 'string' && (APPLICATION_STATUSES as readonly string[]).includes(value) ? (value as ApplicationStatus) : null;

const asString = (value: unknown) => (typeof value === 'string' ? value : '');

/** A changed field as the history sentence names it: its one label, or its name if it has none. */
const fieldName = (field: unknown) => {
  const name = String(field);
  return Object.hasOwn(FIELD_LABELS, name) ? fieldLabelInSentence(name as LabelledField) : name;
};

/** One history entry as a sentence; any other action reads as its words from the one list of actions, never its key. */
export function describeEvent(event: HistoryEvent): string {
  const d = event.details;
  switch (event.action) {
    case A.application.create:
      return HISTORY_TEXTS.created;
    case A.application.update: {
      const fields = Array.isArray(d.fields) ? d.fields.map(fieldName) : [];
      const parts = [...fields, ...(d.image ? [fieldLabelInSentence('image')] : [])];
      return parts.length ? HISTORY_TEXTS.edited(parts) : HISTORY_TEXTS.savedUnchanged;
    }
    case A.application.status: {
      const from = asStatus(d.from);
      const to = asStatus(d.to);
      const date = asString(d.date);
      const dateNote = date ? `${fieldLabelInSentence(to === 'pending' ? 'pending' : 'approve')} ${formatDate(date)}` : null;
      return HISTORY_TEXTS.statusChanged(from && statusLabel(from), to && statusLabel(to), dateNote);
    }
    case A.application.documentsAdd: {
      const docs = Array.isArray(d.documents) ? (d.documents as { label?: unknown; name?: unknown }[]) : [];
      return HISTORY_TEXTS.documentsAdded(docs.map((doc) => `${asString(doc.label)}${doc.name ? ` (${asString(doc.name)})` : ''}`));
    }
    case A.application.documentsRemove:
      return HISTORY_TEXTS.documentRemoved(asString(d.label));
    case A.application.importFileStored:
      return HISTORY_TEXTS.importFileStored(importedFileName(asString(d.field)), asString(d.name));
    case A.application.importFileMissing:
      return HISTORY_TEXTS.importFileMissing(importedFileName(asString(d.field)), asString(d.name), asString(d.reason));
    case A.application.erasedByRetention:
      return HISTORY_TEXTS.erasedByRetention(asString(d.rule));
    case A.application.erasedNow:
      return HISTORY_TEXTS.erasedNow(asString(d.reason));
    case A.email.sent:
      return HISTORY_TEXTS.emailSent(d.via === 'folder', asString(d.subject));
    case A.email.failed:
      return HISTORY_TEXTS.emailFailed(String(d.attempts ?? ''), asString(d.subject));
    case A.privacy.consentRecorded:
      return PRIVACY_HISTORY.consentRecorded(String(d.version ?? ''));
    case A.privacy.consentWithdrawn:
      return PRIVACY_HISTORY.consentWithdrawn(Number(d.cancelledEmails ?? 0), Number(d.cancelledTexts ?? 0));
    case A.privacy.dataDownloaded:
      return PRIVACY_HISTORY.dataDownloaded;
    default:
      return describeNoticeEvent(event.action, d) ?? auditActionLabel(event.action);
  }
}
