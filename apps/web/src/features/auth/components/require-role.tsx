import type { ReactNode } from 'react';
import { Alert, Spinner } from 'react-bootstrap';
import type { Role } from '@visa/shared/constants';
import { FAILED, SERVER } from '@visa/shared/ui-texts';
import { LOADING } from '@visa/shared/staff-texts';
import { serverMessage } from '../../../lib/api-client';
import { useMe } from '../api/get-me';

/**
 * Shows its children only to the given role. The server refuses the calls anyway (403); this
 * spares a sub-admin who follows an old link a page of failed requests.
 */
export function RequireRole({ role, children }: { role: Role; children: ReactNode }) {
  const me = useMe();
  if (me.isPending) {
    return (
      <div role="status" className="py-4">
        <Spinner animation="border" size="sm" aria-hidden="true" /> <span className="ms-2">{LOADING.generic}</span>
      </div>
    );
  }
  if (me.isError) {
    return (
      <Alert variant="danger" role="alert">
        {serverMessage(me.error) ?? FAILED.checkAccount}
      </Alert>
    );
  }
  if (me.data?.role !== role) {
    return (
      <Alert variant="warning" role="alert">
        {SERVER.forbidden}
      </Alert>
    );
  }
  return children;
}
