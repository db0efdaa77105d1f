import { type HistoryEvent, displayDate } from '@visa/shared/applicant-file';
import { AUDIT_ACTIONS as A } from '@visa/shared/audit-actions';
import { APPLICATION_STATUSES, type ApplicationStatus, statusLabel } from '@visa/shared/constants';
import { FIELD_LABELS, type LabelledField, fieldLabelInSentence } from '@visa/shared/field-labels';

const asStatus = (value: unknown): ApplicationStatus | null =>
  typeof value === 'string' && (APPLICATION_STATUSES as readonly string[]).includes(value) ? (value as ApplicationStatus) : null;

const asString = (value: unknown) => (typeof value === 'string' ? value : '');

/** A changed field as the history sentence names it: its one label, or its name if it has none. */
const fieldName = (field: unknown) => {
  const name = String(field);
  return Object.hasOwn(FIELD_LABELS, name) ? fieldLabelInSentence(name as LabelledField) : name;
};

/** One history entry as a sentence; unknown actions fall back to their name so nothing is hidden. */
export function describeEvent(event: HistoryEvent): string {
  const d = event.details;
  switch (event.action) {
    case A.application.create:
      return 'Application created';
    case A.application.update: {
      const fields = Array.isArray(d.fields) ? d.fields.map(fieldName) : [];
      const parts = [...fields, ...(d.image ? [fieldLabelInSentence('image')] : [])];
      return parts.length ? `Details edited: ${parts.join(', ')}` : 'Details saved without changes';
    }
    case A.application.status: {
      const from = asStatus(d.from);
      const to = asStatus(d.to);
      const date = asString(d.date);
      const dateNote = date ? ` (${fieldLabelInSentence(to === 'pending' ? 'pending' : 'approve')} ${displayDate(date)})` : '';
      return `Status changed${from ? ` from ${statusLabel(from)}` : ''}${to ? ` to ${statusLabel(to)}` : ''}${dateNote}`;
    }
    case A.application.documentsAdd: {
      const docs = Array.isArray(d.documents) ? (d.documents as { label?: unknown; name?: unknown }[]) : [];
      const list = docs.map((doc) => `${asString(doc.label)}${doc.name ? ` (${asString(doc.name)})` : ''}`).join(', ');
      return `${docs.length === 1 ? 'Document' : 'Documents'} added: ${list}`;
    }
    case A.application.documentsRemove:
      return `Document removed: ${asString(d.label)}`;
    case A.email.sent:
      return `Email ${d.via === 'folder' ? 'written to the outbox folder' : 'sent to the applicant'}: ${asString(d.subject)}`;
    case A.email.failed:
      return `Email could not be delivered after ${String(d.attempts ?? '')} attempts: ${asString(d.subject)}`;
    default:
      return event.action;
  }
}
