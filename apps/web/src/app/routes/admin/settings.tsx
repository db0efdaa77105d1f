import { type ReactNode, Suspense, lazy, useState } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { useNavigate } from 'react-router';
import { ROLE_LABELS } from '@visa/shared/staff-account-texts';
import { FAILED } from '@visa/shared/ui-texts';
import { CONFIRM, LOADING } from '@visa/shared/staff-texts';
import { FINANCIAL_RETENTION_WORDS, RECEIPT_SETTINGS_WORDS } from '@visa/shared/money-settings-words';
import { version } from '../../../../../../package.json';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { paths } from '../../../config/paths';
import { useMe } from '../../../features/auth/api/get-me';
import { useLogoutEverywhere } from '../../../features/auth/api/logout-all';
import { SessionList } from '../../../features/auth/components/session-list';
import { serverMessage } from '../../../lib/api-client';
import { LoadingStatus } from '../../../components/loading-status';

/** The owner's alone, and the page's largest part: loaded only when an owner opens Settings. */
const ChecklistsForm = lazy(() =>
  import('../../../features/document-requests/components/checklists-form').then((module) => ({ default: module.ChecklistsForm })),
);

/** Retention windows and the next run's preview (ADR 0052): the owner's alone. */
const RetentionForm = lazy(() =>
  import('../../../features/retention/components/retention-form').then((m) => ({ default: m.RetentionForm })),
);

/** The privacy notice's versions and the consent switch (ADR 0053): the owner's alone. */
const PrivacySettings = lazy(() =>
  import('../../../features/privacy/components/privacy-settings').then((module) => ({ default: module.PrivacySettings })),
);

// The owner's sections: an admin never sees them, and an owner's page shows its first cards while they load.
const RequireSecondFactorSetting = lazy(() =>
  import('../../../features/auth/components/require-second-factor-setting').then((m) => ({ default: m.RequireSecondFactorSetting })),
);
const OfficeContactForm = lazy(() =>
  import('../../../features/office-contact/components/office-contact-form').then((m) => ({ default: m.OfficeContactForm })),
);
const MessageSettingsForm = lazy(() =>
  import('../../../features/notices/components/message-settings-form').then((m) => ({ default: m.MessageSettingsForm })),
);
const CaseSettingsForm = lazy(() =>
  import('../../../features/case-work/components/case-settings-form').then((m) => ({ default: m.CaseSettingsForm })),
);
const FeesForm = lazy(() => import('../../../features/money/components/fees-form').then((m) => ({ default: m.FeesForm })));
const ReceiptSettingsForm = lazy(() =>
  import('../../../features/money/components/receipt-settings-form').then((m) => ({ default: m.ReceiptSettingsForm })),
);
const FinancialRetentionForm = lazy(() =>
  import('../../../features/money-reports/components/financial-retention-form').then((m) => ({ default: m.FinancialRetentionForm })),
);
const SystemStatusPanel = lazy(() =>
  import('../../../features/system/components/system-status').then((m) => ({ default: m.SystemStatusPanel })),
);

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
        <SettingsSection id="settings-account" title="Account" half>
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
            <LoadingStatus>{LOADING.generic}</LoadingStatus>
          )}
          <p className="small text-body-secondary mt-3 mb-0">Change your name or password on the Profile page.</p>
        </SettingsSection>
        <SettingsSection id="settings-about" title="About this app" half>
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
        </SettingsSection>
        {me.data?.role === 'superadmin' && (
          <SettingsSection id="settings-security" title="Security for every staff account">
            <RequireSecondFactorSetting />
          </SettingsSection>
        )}
        {me.data?.role === 'superadmin' && (
          <SettingsSection id="settings-office-contact" title="Office contact on the public site">
            <OfficeContactForm />
          </SettingsSection>
        )}
        {me.data?.role === 'superadmin' && (
          <SettingsSection id="settings-messages" title="Messages">
            <MessageSettingsForm />
          </SettingsSection>
        )}
        {me.data?.role === 'superadmin' && (
          <SettingsSection id="settings-case" title="Case">
            <CaseSettingsForm />
          </SettingsSection>
        )}
        {me.data?.role === 'superadmin' && (
          <SettingsSection id="settings-fees" title="Fees">
            <FeesForm />
          </SettingsSection>
        )}
        {me.data?.role === 'superadmin' && (
          <SettingsSection id="settings-receipts" title={RECEIPT_SETTINGS_WORDS.title}>
            <ReceiptSettingsForm />
          </SettingsSection>
        )}
        {me.data?.role === 'superadmin' && (
          <SettingsSection id="settings-financial-retention" title={FINANCIAL_RETENTION_WORDS.title}>
            <FinancialRetentionForm />
          </SettingsSection>
        )}
        {me.data?.role === 'superadmin' && (
          <SettingsSection id="settings-system" title="System">
            <SystemStatusPanel />
          </SettingsSection>
        )}
        {me.data?.role === 'superadmin' && (
          <SettingsSection id="settings-document-checklists" title="Document checklists per visa type">
            <ChecklistsForm />
          </SettingsSection>
        )}
        {me.data?.role === 'superadmin' && (
          <SettingsSection id="settings-privacy" title="Privacy notice">
            <PrivacySettings />
          </SettingsSection>
        )}
        {me.data?.role === 'superadmin' && (
          <SettingsSection id="settings-retention" title="Retention of personal data">
            <RetentionForm />
          </SettingsSection>
        )}
        <SettingsSection id="settings-devices" title="Signed-in devices">
          <SessionList />
          {everywhere.isError && (
            <Alert variant="danger" role="alert" className="mt-3 mb-0">
              {serverMessage(everywhere.error) ?? FAILED.signOutEverywhere}
            </Alert>
          )}
          <Button variant="outline-danger" className="mt-3" disabled={everywhere.isPending} onClick={() => setConfirming(true)}>
            Sign out everywhere
          </Button>
        </SettingsSection>
      </div>

      <ConfirmDialog
        show={confirming}
        title={CONFIRM.signOutEverywhere.title}
        confirmLabel={CONFIRM.signOutEverywhere.confirm}
        onConfirm={signOutEverywhere}
        onCancel={() => setConfirming(false)}
      >
        {CONFIRM.signOutEverywhere.body}
      </ConfirmDialog>
    </>
  );
}

/** One titled card of the settings page; `half` cards stand two to a row on wide screens. */
function SettingsSection({ id, title, half = false, children }: { id: string; title: string; half?: boolean; children: ReactNode }) {
  return (
    <section className={half ? 'col-lg-6' : 'col-12'} aria-labelledby={id}>
      <div className={half ? 'card shadow-sm h-100' : 'card shadow-sm'}>
        <div className="card-body">
          <h2 id={id} className="h5">
            {title}
          </h2>
          <Suspense fallback={<LoadingStatus>{LOADING.generic}</LoadingStatus>}>{children}</Suspense>
        </div>
      </div>
    </section>
  );
}
