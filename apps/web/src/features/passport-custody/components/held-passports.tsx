import { Link } from 'react-router';
import { PASSPORT_HOLDER_LABELS } from '@visa/shared/case-words';
import { formatDate } from '@visa/shared/dates';
import { PASSPORT_CUSTODY as T } from '@visa/shared/custody-texts';
import { LoadingStatus } from '../../../components/loading-status';
import { applicationFilePath } from '../../../config/staff-links';
import { useHeldPassports } from '../api/custody';

const C = T.heldColumns;

/** The passports the office holds now, at the office or at VFS, longest held first (ADR 0082). */
export function HeldPassports() {
  const held = useHeldPassports();
  if (held.isPending) return <LoadingStatus>{T.loading}</LoadingStatus>;
  if (held.isError) return <p className="text-danger">{T.loadError}</p>;
  const { passports, total } = held.data;
  if (total === 0) return <p>{T.heldEmpty}</p>;
  return (
    <>
      <p data-testid="held-count">{T.heldCount(passports.length, total)}</p>
      <div className="table-responsive">
        <table className="table table-sm align-middle stack-table">
          <caption className="visually-hidden">{T.heldPage}</caption>
          <thead>
            <tr>
              <th scope="col">{C.applicant}</th>
              <th scope="col">{C.where}</th>
              <th scope="col">{C.since}</th>
              <th scope="col">{C.counterpart}</th>
              <th scope="col">{C.by}</th>
            </tr>
          </thead>
          <tbody>
            {passports.map((p) => (
              <tr key={p.applicationId}>
                <td data-label={C.applicant}>
                  <Link to={applicationFilePath(p.applicationId)}>{`${p.givenName} ${p.surname}`}</Link>
                </td>
                <td data-label={C.where}>{PASSPORT_HOLDER_LABELS[p.holder]}</td>
                <td data-label={C.since}>{formatDate(p.since)}</td>
                <td data-label={C.counterpart}>{p.counterpart || '—'}</td>
                <td data-label={C.by}>{p.by?.name ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
