import { type FormEvent, useState } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { SECOND_FACTOR, VALIDATION } from '@visa/shared/ui-texts';
import type { SecondFactorSetup } from '@visa/shared/second-factor';
import { checkTotpCode } from '../lib/sign-in-checks';
import { CodeField } from './code-field';
import { PendingButton } from '../../../components/pending-button';
import { usePageForm } from '../../../lib/page-form';

interface Props {
  setup: SecondFactorSetup;
  /** Sends the first code from the app (and the current password, when asked for); the caller shows the recovery codes next. */
  onConfirm: (code: string, currentPassword: string) => void;
  /** From a signed-in session: turning it on takes the current password too (ADR 0039). At sign-in it was just given. */
  askPassword?: boolean;
  pending: boolean;
  /** What the server said about the last code, if anything. */
  error?: string;
  onCancel?: () => void;
}

/** The key in groups of four, as authenticator apps show and people copy it. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Putting a new secret into an authenticator app (ADR 0019): the QR code, the key as text for
 * typing in by hand, a link for an app on this device, and the first code to confirm it works.
 */
export function SecondFactorSetupForm({ setup, onConfirm, askPassword = false, pending, error, onCancel }: Props) {
  const pageForm = usePageForm('Checking…');
  const [code, setCode] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const message = invalid ?? error;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // TotpCodeSchema's rule, checked by hand: this form is also the sign-in's setup step (ADR 0050).
    const parsed = checkTotpCode(code);
    if (parsed === null) {
      setInvalid(SECOND_FACTOR.codeFormat);
      return;
    }
    if (askPassword && currentPassword === '') {
      setInvalid(VALIDATION.allFieldsRequired);
      return;
    }
    setInvalid(null);
    onConfirm(parsed, currentPassword);
  };

  return (
    <Form {...pageForm} noValidate onSubmit={submit} aria-describedby={message ? 'setup-message' : undefined}>
      <p>{SECOND_FACTOR.scanQr}</p>
      <img src={setup.qrCode} alt={SECOND_FACTOR.qrAlt} width={200} height={200} className="d-block mb-3 border rounded bg-white" />
      <p className="mb-1">{SECOND_FACTOR.manualEntry}</p>
      <p>
        <code className="fs-6 user-select-all" data-testid="second-factor-secret">
          {grouped(setup.secret)}
        </code>
      </p>
      <p className="small">
        <a href={setup.otpauthUri}>Open in an authenticator app on this device</a>
      </p>
      {message && (
        <Alert variant="danger" id="setup-message" role="alert" className="py-2">
          {message}
        </Alert>
      )}
      <CodeField id="setup-code" mode="code" value={code} onChange={setCode} invalid={Boolean(message)} />
      {askPassword && (
        <Form.Group className="mb-3" controlId="setup-current-password">
          <Form.Label>Password</Form.Label>
          <Form.Control
            type="password"
            autoComplete="current-password"
            value={currentPassword}
            onChange={(e) => setCurrentPassword(e.target.value)}
          />
        </Form.Group>
      )}
      <div className="d-flex flex-wrap gap-2">
        <PendingButton type="submit" variant="danger" pending={pending}>
          Turn on two-step sign-in
        </PendingButton>
        {onCancel && (
          <Button variant="outline-secondary" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
        )}
      </div>
    </Form>
  );
}
