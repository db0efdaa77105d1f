import { useNavigate } from 'react-router';
import type { User } from '@visa/shared/users';
import { paths } from '../../../config/paths';
import { useMe } from '../../../features/auth/api/get-me';
import { RequireRole } from '../../../features/auth/components/require-role';
import { StaffAccountTable } from '../../../features/staff-accounts/components/staff-account-table';
import { PageHeader } from '../../../components/page-header';

export function meta() {
  return [{ title: 'Admin List | Canada Visa Desk' }];
}

/** The staff accounts (super-admins only, docs/product.md#who-uses-it). */
export default function StaffListPage() {
  const navigate = useNavigate();
  const me = useMe();
  const edit = ({ _id, name, email, role }: User) => navigate(paths.staffEdit, { state: { _id, name, email, role } });
  return (
    <>
      <PageHeader title="Admin List" to={paths.staffNew} link="Add Admin" />
      <RequireRole role="superadmin">
        <StaffAccountTable currentAccountId={me.data?._id} onEdit={edit} />
      </RequireRole>
    </>
  );
}
