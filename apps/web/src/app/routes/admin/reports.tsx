import { Alert } from 'react-bootstrap';
import { REPORT_WORDS as W } from '@visa/shared/money-report-words';
import { SERVER } from '@visa/shared/ui-texts';
import { useMe } from '../../../features/auth/api/get-me';
import { MoneyReports } from '../../../features/money-reports/components/money-reports';

export function meta() {
  return [{ title: `${W.title} | Canada Visa Desk` }];
}

/** Reports (ADR 0092): the office's money, for super-admins; the API refuses anyone else too. */
export default function ReportsPage() {
  const me = useMe();
  return (
    <>
      <h1 className="h3 mb-2">{W.title}</h1>
      <p className="text-body-secondary">{W.lead}</p>
      {me.data && (me.data.role === 'superadmin' ? <MoneyReports /> : <Alert variant="warning">{SERVER.forbidden}</Alert>)}
    </>
  );
}
