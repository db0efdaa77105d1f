import { type FormEvent, useState } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import toast from 'react-hot-toast';
import { FAILED, SECOND_FACTOR } from '@visa/shared/ui-texts';
import { SecondFactorConfirmInputSchema } from '@visa/shared/second-factor';
import { LOADING } from '@visa/shared/staff-texts';
import { refusalMessage, serverMessage } from '../../../lib/api-client';
import { formatDateTime } from '@visa/shared/dates';
import { useSecondFactor } from '../api/get-second-factor';
import { useDisableSecondFactor, useEnableSecondFactor, useRegenerateRecoveryCodes, useStartSetup } from '../api/update-second-factor';
import { CodeField } from './code-field';
import { RecoveryCodes } from './recovery-codes';
import { SecondFactorSetupForm } from './second-factor-setup';
import { LoadingStatus } from '../../../components/loading-status';
import { PendingButton } from '../../../components/pending-button';
import { usePageForm } from '../../../lib/page-form';

const failed = (error: unknown) => refusalMessage(error) ?? serverMessage(error) ?? FAILED.generic;

type Mode = 'idle' | 'setup' | 'replace' | 'disable' | 'regenerate';

/**
 * The signed-in account's two-step sign-in (ADR 0019): turn it on with an authenticator app, set
 * it up again on a new device, get new recovery codes, or turn it off (unless the office requires it).
 */
export function SecondFactorSettings() {
  const status = useSecondFactor();
  const [mode, setMode] = useState<Mode>('idle');
  const [codes, setCodes] = useState<string[] | null>(null);
  const start = useStartSetup();
  const enable = useEnableSecondFactor();

  const reset = () => {
    setMode('idle');
    start.reset();
    enable.reset();
  };

  if (status.isPending) {
    return <LoadingStatus>{LOADING.generic}</LoadingStatus>;
  }
  if (status.isError) return <Alert variant="danger">{serverMessage(status.error) ?? FAILED.loadSecondFactor}</Alert>;
  const { enabled, required, enabledAt, recoveryCodesLeft } = status.data;

  if (codes) {
    return (
      <RecoveryCodes
        codes={codes}
        onDone={() => {
          setCodes(null);
          reset();
        }}
      />
    );
  }

  if ((mode === 'setup' || mode === 'replace') && start.data) {
    return (
      <SecondFactorSetupForm
        setup={start.data}
        pending={enable.isPending}
        error={enable.isError ? failed(enable.error) : undefined}
        onCancel={reset}
        askPassword
        onConfirm={(code, currentPassword) =>
          enable.mutate(
            { code, currentPassword },
            {
              onSuccess: ({ recoveryCodes }) => {
                toast.success(SECOND_FACTOR.enabled);
                setCodes(recoveryCodes);
              },
            },
          )
        }
      />
    );
  }

  if (mode === 'replace') {
    return (
      <PasswordOnlyForm
        intro="Enter your password to set up two-step sign-in with a new device. The app in use keeps working until the new one is confirmed."
        submitLabel="Continue"
        pending={start.isPending}
        error={start.isError ? failed(start.error) : undefined}
        onSubmit={(password) => start.mutate({ password })}
        onCancel={reset}
      />
    );
  }

  if (mode === 'disable' || mode === 'regenerate') {
    return <ConfirmForm mode={mode} onCancel={reset} onCodes={setCodes} />;
  }

  return (
    <>
      {enabled ? (
        <p>
          <strong>On</strong> since {enabledAt ? formatDateTime(enabledAt) : '—'}. Recovery codes left: {recoveryCodesLeft}.
        </p>
      ) : (
        <p>
          <strong>Off.</strong> With two-step sign-in, signing in takes your password and a 6-digit code from an authenticator app on your
          phone.
        </p>
      )}
      {required && <p className="small text-body-secondary">The office requires two-step sign-in for every staff account.</p>}
      {start.isError && (
        <Alert variant="danger" role="alert">
          {failed(start.error)}
        </Alert>
      )}
      <div className="d-flex flex-wrap gap-2">
        {enabled ? (
          <>
            <Button variant="outline-secondary" onClick={() => setMode('replace')}>
              Set up a new device
            </Button>
            <Button variant="outline-secondary" onClick={() => setMode('regenerate')}>
              New recovery codes
            </Button>
            {!required && (
              <Button variant="outline-danger" onClick={() => setMode('disable')}>
                Turn off two-step sign-in
              </Button>
            )}
          </>
        ) : (
          <PendingButton variant="danger" pending={start.isPending} onClick={() => start.mutate({}, { onSuccess: () => setMode('setup') })}>
            Set up two-step sign-in
          </PendingButton>
        )}
      </div>
    </>
  );
}

function PasswordOnlyForm(props: {
  intro: string;
  submitLabel: string;
  pending: boolean;
  error?: string;
  onSubmit: (password: string) => void;
  onCancel: () => void;
}) {
  const pageForm = usePageForm('Saving…');
  const [password, setPassword] = useState('');
  return (
    <Form
      {...pageForm}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        props.onSubmit(password);
      }}
    >
      <p>{props.intro}</p>
      {props.error && (
        <Alert variant="danger" role="alert" className="py-2">
          {props.error}
        </Alert>
      )}
      <Form.Group className="mb-3" controlId="second-factor-replace-password">
        <Form.Label>Password</Form.Label>
        <Form.Control type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      </Form.Group>
      <div className="d-flex gap-2">
        <Button type="submit" variant="danger" disabled={props.pending}>
          {props.submitLabel}
        </Button>
        <Button variant="outline-secondary" onClick={props.onCancel} disabled={props.pending}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}

/** Turning it off or new recovery codes: the password and a current code. */
function ConfirmForm({
  mode,
  onCancel,
  onCodes,
}: {
  mode: 'disable' | 'regenerate';
  onCancel: () => void;
  onCodes: (codes: string[]) => void;
}) {
  const pageForm = usePageForm('Saving…');
  const disable = useDisableSecondFactor();
  const regenerate = useRegenerateRecoveryCodes();
  const mutation = mode === 'disable' ? disable : regenerate;
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const message = invalid ?? (mutation.isError ? failed(mutation.error) : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = SecondFactorConfirmInputSchema.safeParse({ password, code });
    if (!parsed.success) {
      mutation.reset();
      setInvalid(parsed.error.issues[0]!.message);
      return;
    }
    setInvalid(null);
    if (mode === 'disable') {
      disable.mutate(parsed.data, {
        onSuccess: () => {
          toast.success(SECOND_FACTOR.disabled);
          onCancel();
        },
      });
    } else {
      regenerate.mutate(parsed.data, {
        onSuccess: ({ recoveryCodes }) => {
          toast.success(SECOND_FACTOR.recoveryCodesReplaced);
          onCodes(recoveryCodes);
        },
      });
    }
  };

  return (
    <Form {...pageForm} noValidate onSubmit={submit} aria-describedby={message ? 'second-factor-confirm-message' : undefined}>
      <p>
        {mode === 'disable'
          ? 'To turn two-step sign-in off, enter your password and a current code from your authenticator app.'
          : 'To replace your recovery codes, enter your password and a current code from your authenticator app. The old codes stop working.'}
      </p>
      {message && (
        <Alert variant="danger" id="second-factor-confirm-message" role="alert" className="py-2">
          {message}
        </Alert>
      )}
      <Form.Group className="mb-3" controlId="second-factor-confirm-password">
        <Form.Label>Password</Form.Label>
        <Form.Control type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      </Form.Group>
      <CodeField id="second-factor-confirm-code" mode="code" value={code} onChange={setCode} />
      <div className="d-flex gap-2">
        <Button type="submit" variant={mode === 'disable' ? 'outline-danger' : 'danger'} disabled={mutation.isPending}>
          {mode === 'disable' ? 'Turn off two-step sign-in' : 'Get new recovery codes'}
        </Button>
        <Button variant="outline-secondary" onClick={onCancel} disabled={mutation.isPending}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
