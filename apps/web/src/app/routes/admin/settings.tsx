import { useState } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { useNavigate } from 'react-router';
import { ROLE_LABELS } from '@visa/shared/users';
import { FAILED } from '@visa/shared/messages';
import { version } from '../../../../package.json';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { paths } from '../../../config/paths';
import { useMe } from '../../../features/auth/api/get-me';
import { useLogoutEverywhere } from '../../../features/auth/api/logout-all';
import { RequireSecondFactorSetting } from '../../../features/auth/components/require-second-factor-setting';
import { SessionList } from '../../../features/auth/components/session-list';
import { OfficeContactForm } from '../../../features/office-contact/components/office-contact-form';
import { serverMessage } from '../../../lib/api-client';
import { LoadingStatus } from '../../../components/loading-status';

export function meta() {
  return [{ title: 'Settings | Canada Visa Desk' }];
}

/** The sidebar's Settings link leads here rather than nowhere: account, devices, version. */
export default function SettingsPage() {
  const navigate = useNavigate();
  const me = useMe();
  const everywhere = useLogoutEverywhere();
  const [confirming, setConfirming] = useState(false);

  const signOutEverywhere = () => {
    setConfirming(false);
    everywhere.mutate(undefined, { onSuccess: () => navigate(paths.login, { replace: true }) });
  };

  return (
    <>
      <h1 className="h3 mb-3">Settings</h1>
      <div className="row g-3">
        <section className="col-lg-6" aria-labelledby="settings-account">
          <div className="card shadow-sm h-100">
            <div className="card-body">
              <h2 id="settings-account" className="h5">
                Account
              </h2>
              {me.data ? (
                <dl className="row mb-0">
                  <dt className="col-sm-4">Name</dt>
                  <dd className="col-sm-8">{me.data.name}</dd>
                  <dt className="col-sm-4">Email</dt>
                  <dd className="col-sm-8">{me.data.email}</dd>
                  <dt className="col-sm-4">Role</dt>
                  <dd className="col-sm-8">{ROLE_LABELS[me.data.role]}</dd>
                </dl>
              ) : (
                <LoadingStatus>Loading…</LoadingStatus>
              )}
              <p className="small text-body-secondary mt-3 mb-0">Change your name or password on the Profile page.</p>
            </div>
          </div>
        </section>
        <section className="col-lg-6" aria-labelledby="settings-about">
          <div className="card shadow-sm h-100">
            <div className="card-body">
              <h2 id="settings-about" className="h5">
                About this app
              </h2>
              <dl className="row mb-0">
                <dt className="col-sm-4">Version</dt>
                <dd className="col-sm-8" data-testid="app-version">
                  {version}
                </dd>
                <dt className="col-sm-4">Session</dt>
                <dd className="col-sm-8">
                  Ends after a period without activity (with a warning a minute before) and a set number of hours after signing in, as the
                  office has configured them.
                </dd>
              </dl>
            </div>
          </div>
        </section>
        {me.data?.role === 'superadmin' && (
          <section className="col-12" aria-labelledby="settings-security">
            <div className="card shadow-sm">
              <div className="card-body">
                <h2 id="settings-security" className="h5">
                  Security for every staff account
                </h2>
                <RequireSecondFactorSetting />
              </div>
            </div>
          </section>
        )}
        {me.data?.role === 'superadmin' && (
          <section className="col-12" aria-labelledby="settings-office-contact">
            <div className="card shadow-sm">
              <div className="card-body">
                <h2 id="settings-office-contact" className="h5">
                  Office contact on the public site
                </h2>
                <OfficeContactForm />
              </div>
            </div>
          </section>
        )}
        <section className="col-12" aria-labelledby="settings-devices">
          <div className="card shadow-sm">
            <div className="card-body">
              <h2 id="settings-devices" className="h5">
                Signed-in devices
              </h2>
              <SessionList />
              {everywhere.isError && (
                <Alert variant="danger" role="alert" className="mt-3 mb-0">
                  {serverMessage(everywhere.error) ?? FAILED.signOutEverywhere}
                </Alert>
              )}
              <Button variant="outline-danger" className="mt-3" disabled={everywhere.isPending} onClick={() => setConfirming(true)}>
                Sign out everywhere
              </Button>
            </div>
          </div>
        </section>
      </div>

      <ConfirmDialog
        show={confirming}
        title="Sign out everywhere"
        confirmLabel="Sign out everywhere"
        onConfirm={signOutEverywhere}
        onCancel={() => setConfirming(false)}
      >
        Every device signed in to this account, this one included, will have to sign in again.
      </ConfirmDialog>
    </>
  );
}
