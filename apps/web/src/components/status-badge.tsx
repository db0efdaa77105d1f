import type { ApplicationStatus } from '@visa/shared/constants';

const TONE: Record<ApplicationStatus, string> = {
  pending: 'text-bg-warning',
  approved: 'text-bg-success',
  rejected: 'text-bg-danger',
};

/**
 * An application's status as a coloured badge, on the staff pages and the public ones alike. The
 * words come from the page (staff English, or the visitor's language), so the badge brings none.
 */
export function StatusBadge({ status, label, className }: { status: ApplicationStatus; label: string; className?: string }) {
  return <span className={className ? `badge ${className} ${TONE[status]}` : `badge ${TONE[status]}`}>{label}</span>;
}
