import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { STAFF } from '@visa/shared/staff-account-texts';
import { paths } from '../../../config/paths';
import { RequireRole } from '../../../features/auth/components/require-role';
import { AddStaffAccountForm } from '../../../features/staff-accounts/components/add-staff-account-form';
import { FormCard } from '../../../components/form-card';

export function meta() {
  return [{ title: 'Add Admin | Canada Visa Desk' }];
}

/** Adding a staff account (super-admins only); success goes to the admin list with a toast, not to the login page. */
export default function StaffNewPage() {
  const navigate = useNavigate();
  return (
    <>
      <h1 className="h3 mb-3">Add Admin</h1>
      <RequireRole role="superadmin">
        <FormCard>
          <AddStaffAccountForm
            onCreated={() => {
              toast.success(STAFF.created);
              navigate(paths.staffList);
            }}
          />
        </FormCard>
      </RequireRole>
    </>
  );
}
