import { useState } from 'react';
import { Alert, Button, Table } from 'react-bootstrap';
import { Link, generatePath } from 'react-router';
import { REPORT_WORDS as W } from '@visa/shared/money-report-words';
import { showTaka } from '@visa/shared/taka';
import { LoadingStatus } from '../../../components/loading-status';
import { paths } from '../../../config/paths';
import { useOutstanding } from '../api/get-reports';

/** The applications that owe, largest first, each leading to its file; erased ones under the marker the list uses. */
export function OutstandingList() {
  const [page, setPage] = useState(1);
  const report = useOutstanding(page);
  if (report.isError) return <Alert variant="danger">{W.loadFailed}</Alert>;
  if (!report.data) return <LoadingStatus>{W.outstanding}</LoadingStatus>;
  const { applications, count, totalMinor, totalPages } = report.data;
  if (count === 0) return <p className="text-body-secondary">{W.nobodyOwes}</p>;
  return (
    <>
      <p>{W.outstandingLead(count, showTaka(totalMinor))}</p>
      <Table size="sm" striped>
        <caption className="visually-hidden">{W.outstanding}</caption>
        <thead>
          <tr>
            <th scope="col">{W.application}</th>
            <th scope="col" className="text-end">
              {W.owes}
            </th>
          </tr>
        </thead>
        <tbody>
          {applications.map((a) => (
            <tr key={a.applicationId}>
              <td>
                <Link to={generatePath(paths.applicationFileById, { id: a.applicationId })}>{a.name}</Link>
              </td>
              <td className="text-end text-nowrap">{showTaka(a.dueMinor)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      {totalPages > 1 && (
        <nav className="d-flex align-items-center gap-2" aria-label={W.outstanding}>
          <Button variant="outline-dark" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {W.previous}
          </Button>
          <span>{W.pageOf(page, totalPages)}</span>
          <Button variant="outline-dark" size="sm" disabled={page >= totalPages} onClick={() => setPage(page + 1)}>
            {W.next}
          </Button>
        </nav>
      )}
    </>
  );
}
