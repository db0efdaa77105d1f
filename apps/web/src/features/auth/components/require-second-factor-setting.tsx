import { useState } from 'react';
import { Alert, Form } from 'react-bootstrap';
import toast from 'react-hot-toast';
import { FAILED, SECOND_FACTOR } from '@visa/shared/ui-texts';
import { LOADING } from '@visa/shared/staff-texts';
import { refusalMessage, serverMessage } from '../../../lib/api-client';
import { useSecuritySettings, useUpdateSecuritySettings } from '../api/security-settings';
import { LoadingStatus } from '../../../components/loading-status';

/** The owner's switch (super-admins only; the server checks the role too): every staff account must use two-step sign-in. */
export function RequireSecondFactorSetting() {
  const settings = useSecuritySettings();
  const update = useUpdateSecuritySettings();
  // The choice shown while it is saved. Set in the change handler itself: a controlled checkbox is
  // put back to its prop right after the event, so state that arrives later (the mutation's
  // pending flag) would let the click look undone for a moment.
  const [choice, setChoice] = useState<boolean | null>(null);

  if (settings.isPending) {
    return <LoadingStatus>{LOADING.generic}</LoadingStatus>;
  }
  if (settings.isError) return <Alert variant="danger">{serverMessage(settings.error) ?? FAILED.loadSecuritySettings}</Alert>;

  return (
    <>
      <Form.Check
        type="switch"
        // Announced as on/off, as it looks.
        role="switch"
        id="require-second-factor"
        label={SECOND_FACTOR.requireSetting}
        // Shows the choice at once while it is saved; a refusal puts the stored value back.
        checked={choice ?? settings.data.requireSecondFactor}
        disabled={update.isPending}
        aria-describedby="require-second-factor-help"
        onChange={(e) => {
          setChoice(e.target.checked);
          update.mutate(
            { requireSecondFactor: e.target.checked },
            { onSuccess: () => toast.success(SECOND_FACTOR.settingSaved), onSettled: () => setChoice(null) },
          );
        }}
      />
      <Form.Text id="require-second-factor-help">{SECOND_FACTOR.requireSettingHelp}</Form.Text>
      {update.isError && (
        <Alert variant="danger" role="alert" className="mt-3 mb-0">
          {refusalMessage(update.error) ?? serverMessage(update.error) ?? FAILED.saveSetting}
        </Alert>
      )}
    </>
  );
}
