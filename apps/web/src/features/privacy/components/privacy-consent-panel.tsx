import { useState } from 'react';
import { Button, Card } from 'react-bootstrap';
import toast from 'react-hot-toast';
import { PRIVACY_TEXTS } from '@visa/shared/privacy-texts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadingStatus } from '../../../components/loading-status';
import { serverMessage } from '../../../lib/api-client';
import { formatDateTime } from '@visa/shared/dates';
import { usePrivacyConsent, useDownloadApplicantData, useWithdrawPrivacyConsent } from '../api/privacy';

/**
 * The applicant's consent on their file (ADR 0053): the notice version agreed to, by whom and when,
 * or when it was withdrawn; withdrawing it (confirmed), and the applicant's data as a ZIP for an
 * access or portability request.
 */
export function PrivacyConsentPanel({ applicationId }: { applicationId: string }) {
  const consent = usePrivacyConsent(applicationId);
  const withdraw = useWithdrawPrivacyConsent(applicationId);
  const download = useDownloadApplicantData();
  const [confirming, setConfirming] = useState(false);
  const data = consent.data;

  return (
    <Card className="mb-3 no-print" as="section" aria-labelledby="consent-title">
      <Card.Body>
        <h2 id="consent-title" className="h6">
          Privacy and consent
        </h2>
        {consent.isPending && <LoadingStatus>Loading consent…</LoadingStatus>}
        {consent.isError && <p className="mb-2 text-danger">Could not load the consent.</p>}
        {data && (
          <p className="mb-2" data-testid="consent-status">
            {data.version === null
              ? 'No consent to the privacy notice was recorded for this application.'
              : `Agreed to privacy notice version ${data.version}${data.recordedAt ? `, recorded ${formatDateTime(data.recordedAt)}` : ''}${data.recordedBy ? ` by ${data.recordedBy}` : ''}.`}
            {data.withdrawnAt && <strong className="d-block text-danger">Consent withdrawn {formatDateTime(data.withdrawnAt)}.</strong>}
          </p>
        )}
        <div className="d-flex flex-wrap gap-2">
          {data && !data.withdrawnAt && (
            <Button variant="outline-danger" size="sm" onClick={() => setConfirming(true)}>
              Withdraw consent
            </Button>
          )}
          <Button
            variant="outline-dark"
            size="sm"
            disabled={download.isPending}
            onClick={() =>
              download.mutate(applicationId, { onError: (error) => toast.error(serverMessage(error) ?? PRIVACY_TEXTS.downloadError) })
            }
          >
            {download.isPending ? 'Preparing the data…' : "Download this applicant's data"}
          </Button>
        </div>
      </Card.Body>
      <ConfirmDialog
        show={confirming}
        title="Withdraw consent?"
        confirmLabel="Withdraw consent"
        confirmVariant="danger"
        pending={withdraw.isPending}
        error={withdraw.isError ? (serverMessage(withdraw.error) ?? 'Could not withdraw the consent. Please try again.') : null}
        onConfirm={() =>
          withdraw.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              toast.success(PRIVACY_TEXTS.withdrawn);
            },
          })
        }
        onCancel={() => {
          setConfirming(false);
          withdraw.reset();
        }}
      >
        <p>
          The applicant withdraws consent to the privacy notice. Emails and text messages still waiting for them are cancelled and no more
          are sent; their data is erased once the office&apos;s retention period allows.
        </p>
      </ConfirmDialog>
    </Card>
  );
}
