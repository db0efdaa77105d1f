import { Suspense, lazy } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Alert } from 'react-bootstrap';
import { STAFF } from '@visa/shared/staff-account-texts';
import { FAILED } from '@visa/shared/ui-texts';
import { LOADING } from '@visa/shared/staff-texts';
import { meQueryOptions, useMe } from '../../../features/auth/api/get-me';
import { sessionsQueryOptions } from '../../../features/auth/api/get-sessions';
import { SecondFactorSettings } from '../../../features/auth/components/second-factor-settings';
import { ProfileForm } from '../../../features/staff-accounts/components/profile-form';
import { serverMessage } from '../../../lib/api-client';
import { LoadingStatus } from '../../../components/loading-status';
import { FormCard } from '../../../components/form-card';
import { refetchAfterWrite } from '../../../lib/query-client';

/** The calendar feed (ADR 0081) sits below the page's forms: loaded after them. */
const CalendarFeedSection = lazy(() =>
  import('../../../features/staff-accounts/components/calendar-feed-settings').then((m) => ({ default: m.CalendarFeedSection })),
);

export function meta() {
  return [{ title: 'Profile | Canada Visa Desk' }];
}

/** The signed-in account's name and password, second step and calendar feed; every staff role may change its own. */
export default function ProfilePage() {
  const queryClient = useQueryClient();
  const me = useMe();
  return (
    <>
      <h1 className="h3 mb-3">Profile</h1>
      {me.isPending && <LoadingStatus>{LOADING.generic}</LoadingStatus>}
      {me.isError && (
        <Alert variant="danger" role="alert">
          {serverMessage(me.error) ?? FAILED.loadAccount}
        </Alert>
      )}
      {me.data && (
        <FormCard>
          <ProfileForm
            key={me.data._id}
            user={me.data}
            onSaved={(saved) => {
              queryClient.setQueryData(meQueryOptions().queryKey, saved);
              // The account's other devices were just signed out.
              void refetchAfterWrite(queryClient, { queryKey: sessionsQueryOptions().queryKey });
              toast.success(STAFF.profileUpdated);
            }}
          />
        </FormCard>
      )}
      <section className="card shadow-sm mt-3" style={{ maxWidth: 560 }} aria-labelledby="profile-second-factor">
        <div className="card-body">
          <h2 id="profile-second-factor" className="h5">
            Two-step sign-in
          </h2>
          <SecondFactorSettings />
        </div>
      </section>
      <Suspense fallback={null}>
        <CalendarFeedSection />
      </Suspense>
    </>
  );
}
