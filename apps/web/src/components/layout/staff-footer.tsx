import { useQuery } from '@tanstack/react-query';
import { apiUrl } from '@visa/shared/api-paths';
import { api, BACKGROUND } from '../../lib/api-client';
import { useAfterLoad } from '../../lib/use-after-load';

/**
 * The staff pages' footer: the version the server runs, from its health check, so the office can
 * say which release it has when it asks for help or upgrades. A background call: it never keeps an
 * idle session alive, asked once the page has drawn, not among the page's own.
 */
export function StaffFooter() {
  const health = useQuery({
    enabled: useAfterLoad(),
    queryKey: ['health'],
    queryFn: async () => (await api.get<{ version?: string }>(apiUrl('health'), BACKGROUND)).data,
    staleTime: Infinity,
    retry: false,
  });
  const version = health.data?.version;
  return (
    <footer className="px-3 px-md-4 pb-3 small text-body-secondary" data-testid="staff-footer">
      Canada Visa Desk{version ? ` version ${version}` : ''}
    </footer>
  );
}
