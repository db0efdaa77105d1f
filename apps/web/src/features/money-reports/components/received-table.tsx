import { Table } from 'react-bootstrap';
import type { ReceivedReport } from '@visa/shared/money-reports';
import { methodWords } from '@visa/shared/money-words';
import { REPORT_WORDS as W } from '@visa/shared/money-report-words';
import { showTaka } from '@visa/shared/taka';

/** Money in per day or month, a column per method that moved money in the period, with the totals. */
export function ReceivedTable({ report, caption, periodLabel }: { report: ReceivedReport; caption: string; periodLabel: string }) {
  const methods = Object.keys(report.totals) as (keyof ReceivedReport['totals'])[];
  if (report.rows.length === 0) return <p className="text-body-secondary">{W.nothing}</p>;
  return (
    <div className="table-responsive">
      <Table size="sm" striped className="text-nowrap">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{periodLabel}</th>
            {methods.map((m) => (
              <th key={m} scope="col" className="text-end">
                {methodWords(m)}
              </th>
            ))}
            <th scope="col" className="text-end">
              {W.total}
            </th>
          </tr>
        </thead>
        <tbody>
          {report.rows.map((row) => (
            <tr key={row.period}>
              <th scope="row">{row.period}</th>
              {methods.map((m) => (
                <td key={m} className="text-end">
                  {row.byMethod[m] === undefined ? '' : showTaka(row.byMethod[m])}
                </td>
              ))}
              <td className="text-end fw-semibold">{showTaka(row.totalMinor)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{W.total}</th>
            {methods.map((m) => (
              <td key={m} className="text-end fw-semibold">
                {showTaka(report.totals[m] ?? 0)}
              </td>
            ))}
            <td className="text-end fw-bold">{showTaka(report.totalMinor)}</td>
          </tr>
        </tfoot>
      </Table>
    </div>
  );
}
