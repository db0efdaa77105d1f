import { type FormEvent, useState } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { REPORT_WORDS as W } from '@visa/shared/money-report-words';
import { LoadingStatus } from '../../../components/loading-status';
import { serverMessage } from '../../../lib/api-client';
import { useDailyReport, useExportEntries, useMonthlyReport } from '../api/get-reports';
import { OutstandingList } from './outstanding-list';
import { ReceivedTable } from './received-table';
import { usePageForm } from '../../../lib/page-form';

/** The fiscal years the page offers: the current one and the five before it. */
function fiscalYears(current: string): string[] {
  const start = Number(current.slice(0, 4));
  return Array.from({ length: 6 }, (_, i) => `${start - i}-${String((start - i + 1) % 100).padStart(2, '0')}`);
}

/** The Reports page's sections (ADR 0092): money in per day and per month, the accountant's CSV, who owes. */
export function MoneyReports() {
  const pageForm = usePageForm('Loading…');
  const [range, setRange] = useState<{ from?: string; to?: string }>({});
  const [fiscalYear, setFiscalYear] = useState<string | undefined>();
  const daily = useDailyReport(range);
  const monthly = useMonthlyReport(fiscalYear);
  const exporter = useExportEntries();

  const onRange = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (name: string) => (data.get(name) as string) || undefined;
    setRange({ from: value('from'), to: value('to') });
  };
  const shown = daily.data ? { from: daily.data.from, to: daily.data.to } : range;
  const years = monthly.data ? fiscalYears(fiscalYear ?? monthly.data.fiscalYear) : [];

  return (
    <>
      <section aria-labelledby="daily-heading" className="mb-4">
        <h2 id="daily-heading" className="h5">
          {W.daily}
        </h2>
        <Form {...pageForm} onSubmit={onRange} className="d-flex flex-wrap align-items-end gap-2 mb-3" key={`${shown.from}-${shown.to}`}>
          <Form.Group controlId="report-from">
            <Form.Label>{W.from}</Form.Label>
            <Form.Control type="date" name="from" defaultValue={shown.from} />
          </Form.Group>
          <Form.Group controlId="report-to">
            <Form.Label>{W.to}</Form.Label>
            <Form.Control type="date" name="to" defaultValue={shown.to} />
          </Form.Group>
          <Button type="submit" variant="dark">
            {W.show}
          </Button>
          <Button variant="outline-dark" disabled={exporter.isPending} onClick={() => exporter.mutate(shown)}>
            {W.csv}
          </Button>
        </Form>
        {exporter.isError && <Alert variant="danger">{serverMessage(exporter.error) ?? W.csvFailed}</Alert>}
        {daily.isError && <Alert variant="danger">{serverMessage(daily.error) ?? W.loadFailed}</Alert>}
        {daily.data ? (
          <ReceivedTable report={daily.data} caption={W.daily} periodLabel={W.day} />
        ) : (
          !daily.isError && <LoadingStatus>{W.daily}</LoadingStatus>
        )}
      </section>

      <section aria-labelledby="monthly-heading" className="mb-4">
        <h2 id="monthly-heading" className="h5">
          {W.monthly}
        </h2>
        {years.length > 0 && (
          <Form.Group controlId="report-fiscal-year" className="mb-3" style={{ maxWidth: '14rem' }}>
            <Form.Label>{W.fiscalYear}</Form.Label>
            <Form.Select value={fiscalYear ?? monthly.data?.fiscalYear} onChange={(e) => setFiscalYear(e.target.value)}>
              {years.map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        )}
        {monthly.isError && <Alert variant="danger">{W.loadFailed}</Alert>}
        {monthly.data ? (
          <ReceivedTable report={monthly.data} caption={W.monthly} periodLabel={W.month} />
        ) : (
          !monthly.isError && <LoadingStatus>{W.monthly}</LoadingStatus>
        )}
      </section>

      <section aria-labelledby="outstanding-heading">
        <h2 id="outstanding-heading" className="h5">
          {W.outstanding}
        </h2>
        <OutstandingList />
      </section>
    </>
  );
}
