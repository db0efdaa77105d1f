import { type HistoryEvent, displayDate } from '@visa/shared/applicant-file';
import { APPLICATION_STATUSES, type ApplicationStatus, statusLabel } from '@visa/shared/constants';

const asStatus = (value: unknown): ApplicationStatus | null =>
  typeof value === 'string' && (APPLICATION_STATUSES as readonly string[]).includes(value) ? (value as ApplicationStatus) : null;

const asString = (value: unknown) => (typeof value === 'string' ? value : '');

/** Field names (docs/product.md#data) as staff read them. */
const FIELD_NAMES: Record<string, string> = {
  surname: 'surname',
  givenN: 'given name',
  email: 'email',
  phone: 'phone',
  nationalId: 'national ID',
  sex: 'sex',
  dob: 'date of birth',
  birthCity: 'place of birth',
  currentN: 'current nationality',
  identification: 'identification marks',
  company: 'company',
  dutyDuration: 'duty duration',
  jobTitle: 'job title',
  salary: 'salary',
  passport: 'passport number',
  issuedCountry: 'issued country',
};

/** One history entry as a sentence; unknown actions fall back to their name so nothing is hidden. */
export function describeEvent(event: HistoryEvent): string {
  const d = event.details;
  switch (event.action) {
    case 'application.create':
      return 'Application created';
    case 'application.update': {
      const fields = Array.isArray(d.fields) ? d.fields.map((f) => FIELD_NAMES[String(f)] ?? String(f)) : [];
      const parts = [...fields, ...(d.image ? ['photo'] : [])];
      return parts.length ? `Details edited: ${parts.join(', ')}` : 'Details saved without changes';
    }
    case 'application.status': {
      const from = asStatus(d.from);
      const to = asStatus(d.to);
      const date = asString(d.date);
      const dateNote = date ? ` (${to === 'pending' ? 'visa collect date' : 'visa approve date'} ${displayDate(date)})` : '';
      return `Status changed${from ? ` from ${statusLabel(from)}` : ''}${to ? ` to ${statusLabel(to)}` : ''}${dateNote}`;
    }
    case 'application.documents.add': {
      const docs = Array.isArray(d.documents) ? (d.documents as { label?: unknown; name?: unknown }[]) : [];
      const list = docs.map((doc) => `${asString(doc.label)}${doc.name ? ` (${asString(doc.name)})` : ''}`).join(', ');
      return `${docs.length === 1 ? 'Document' : 'Documents'} added: ${list}`;
    }
    case 'application.documents.remove':
      return `Document removed: ${asString(d.label)}`;
    case 'email.sent':
      return `Email ${d.via === 'folder' ? 'written to the outbox folder' : 'sent to the applicant'}: ${asString(d.subject)}`;
    case 'email.failed':
      return `Email could not be delivered after ${String(d.attempts ?? '')} attempts: ${asString(d.subject)}`;
    default:
      return event.action;
  }
}
