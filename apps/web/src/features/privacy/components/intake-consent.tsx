import { useCallback, useEffect, useId, useState } from 'react';
import { Form } from 'react-bootstrap';
import { PRIVACY_TEXTS } from '@visa/shared/privacy-texts';
import { usePrivacyOverview } from '../api/get-overview';

/** The box's state: ticked or not, for which version, and whether it may be left unticked. */
interface IntakeConsentValue {
  agreed: boolean;
  version: number | null;
  required: boolean;
}

const NO_CONSENT: IntakeConsentValue = { agreed: false, version: null, required: false };

/**
 * The privacy consent of the add form, for the page to hand to the form: the version agreed to
 * (sent with the application), a check before sending (an unticked required box stops it and says
 * why), and the box itself, given the server's refusal about it if there was one.
 */
export function useIntakeConsent() {
  const [value, setValue] = useState<IntakeConsentValue>(NO_CONSENT);
  const [problem, setProblem] = useState<string | undefined>();
  const onChange = useCallback((next: IntakeConsentValue) => {
    setValue(next);
    if (next.agreed) setProblem(undefined);
  }, []);
  return {
    agreedVersion: value.agreed ? value.version : null,
    allowSubmit: () => {
      if (!value.required || value.agreed) return true;
      setProblem(PRIVACY_TEXTS.consentRequired);
      return false;
    },
    render: (refusal: string | undefined) => <IntakeConsent value={value} onChange={onChange} problem={problem ?? refusal} />,
  };
}

/**
 * The add form's box (ADR 0053): "The applicant has read privacy notice version N and agrees", with
 * a link to the notice the applicant reads. Shown once the office has published a notice; required
 * when the office says so. The server checks both again.
 */
function IntakeConsent({
  value,
  onChange,
  problem,
}: {
  value: IntakeConsentValue;
  onChange: (next: IntakeConsentValue) => void;
  problem?: string;
}) {
  const id = useId();
  const overview = usePrivacyOverview();
  const version = overview.data?.current?.version ?? null;
  const required = overview.data?.consentRequired ?? false;
  useEffect(() => {
    // A newer version (or the setting) known: the box must be ticked again for what is in force now.
    if (value.version !== version || value.required !== required) onChange({ agreed: false, version, required });
  }, [version, required, value.version, value.required, onChange]);
  if (version === null) return null;
  return (
    <Form.Group className="mb-3" controlId={`${id}-consent`}>
      <Form.Check
        type="checkbox"
        name="privacyConsent"
        value={String(version)}
        checked={value.agreed}
        required={required}
        isInvalid={Boolean(problem)}
        aria-invalid={Boolean(problem)}
        aria-describedby={problem ? `${id}-consent-error` : `${id}-consent-help`}
        onChange={(event) => onChange({ ...value, agreed: (event.target as HTMLInputElement).checked })}
        label={`${PRIVACY_TEXTS.consentLabel(version)}${required ? ' (required)' : ''}`}
      />
      {problem && (
        <div id={`${id}-consent-error`} className="invalid-feedback d-block">
          {problem}
        </div>
      )}
      <Form.Text id={`${id}-consent-help`} className="d-block">
        <a href="/privacy" target="_blank" rel="noopener noreferrer">
          Read privacy notice version {version}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>{' '}
        ·{' '}
        <a href="/bn/privacy" target="_blank" rel="noopener noreferrer" lang="bn">
          বাংলায় পড়ুন
          <span className="visually-hidden" lang="en">
            {' '}
            (opens in a new tab)
          </span>
        </a>
      </Form.Text>
    </Form.Group>
  );
}
