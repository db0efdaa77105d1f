import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { DashboardOverview } from '../../../features/applications/components/dashboard-overview';
import { pageFromSearch } from '../../../features/applications/lib/paging';
import { useMe } from '../../../features/auth/api/get-me';
import { MoneyTile } from '../../../features/money-reports/components/money-tile';
import { MyWorkTile } from '../../../features/my-work/components/my-work-tile';
import { SystemWarningsLine } from '../../../features/system/components/system-warnings-line';

export function meta() {
  return [{ title: 'Dashboard | Canada Visa Desk' }];
}

/** The dashboard. The page number is in the URL so Back and reload keep it. */
export default function DashboardPage() {
  const [params, setParams] = useSearchParams();
  const me = useMe();
  const page = pageFromSearch(params);
  const onPageChange = useCallback((next: number) => setParams(next > 1 ? { page: String(next) } : {}), [setParams]);
  return (
    <>
      <h1 className="h3 mb-3">Dashboard</h1>
      <SystemWarningsLine enabled={me.data?.role === 'superadmin'} />
      <MyWorkTile />
      <MoneyTile enabled={me.data?.role === 'superadmin'} />
      <DashboardOverview page={page} onPageChange={onPageChange} />
    </>
  );
}
