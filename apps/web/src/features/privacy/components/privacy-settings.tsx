import { useId, useState } from 'react';
import { Alert, Form } from 'react-bootstrap';
import toast from 'react-hot-toast';
import { type PrivacyNotice, PrivacyNoticeInputSchema, type PrivacyOverview } from '@visa/shared/privacy';
import { PRIVACY_NOTICE_MAX, PRIVACY_TEXTS } from '@visa/shared/privacy-texts';
import { LOADING } from '@visa/shared/staff-texts';
import { LoadingStatus } from '../../../components/loading-status';
import { PendingButton } from '../../../components/pending-button';
import { serverMessage } from '../../../lib/api-client';
import { formatDateTime } from '@visa/shared/dates';
import { usePageForm } from '../../../lib/page-form';
import { usePrivacyOverview } from '../api/get-overview';
import { usePrivacyNotices, usePublishPrivacyNotice, useSetPrivacyConsentRequired } from '../api/privacy';

/**
 * Settings → Privacy notice (ADR 0053): the notice in both languages, published as a new numbered
 * version; the versions published so far; and whether adding an application needs the applicant's
 * agreement. The owner's alone: loaded only when an owner opens Settings.
 */
export function PrivacySettings() {
  const overview = usePrivacyOverview();
  if (overview.isPending) return <LoadingStatus>{LOADING.generic}</LoadingStatus>;
  if (overview.isError) return <Alert variant="danger">{serverMessage(overview.error) ?? 'Could not load the privacy notice.'}</Alert>;
  return (
    <>
      <PrivacyConsentSwitch overview={overview.data} />
      <PrivacyNoticeEditor key={overview.data.current?.version ?? 0} overview={overview.data} />
      <VersionHistory />
    </>
  );
}

function PrivacyConsentSwitch({ overview }: { overview: PrivacyOverview }) {
  const id = useId();
  const save = useSetPrivacyConsentRequired();
  return (
    <Form.Group className="mb-4" controlId={`${id}-required`}>
      <Form.Check
        type="switch"
        role="switch"
        label="Require consent at intake"
        checked={overview.consentRequired}
        disabled={save.isPending || (!overview.current && !overview.consentRequired)}
        aria-describedby={`${id}-required-help`}
        onChange={(event) =>
          save.mutate((event.target as HTMLInputElement).checked, { onSuccess: () => toast.success(PRIVACY_TEXTS.consentSettingSaved) })
        }
      />
      <Form.Text id={`${id}-required-help`} className="d-block">
        When on, an application can only be added once the applicant has agreed to the notice in force (a box on the add form).
        {!overview.current && ' Publish a notice first.'}
      </Form.Text>
      {save.isError && (
        <Alert variant="danger" className="mt-2 mb-0 py-2">
          {serverMessage(save.error) ?? 'Could not save the setting. Please try again.'}
        </Alert>
      )}
    </Form.Group>
  );
}

function PrivacyNoticeEditor({ overview }: { overview: PrivacyOverview }) {
  const pageForm = usePageForm('Publishing…');
  const id = useId();
  const publish = usePublishPrivacyNotice();
  const start = overview.current ?? overview.defaults;
  const [bodyEn, setBodyEn] = useState(start.bodyEn);
  const [bodyBn, setBodyBn] = useState(start.bodyBn);
  const [problems, setProblems] = useState<{ bodyEn?: string; bodyBn?: string }>({});
  const next = (overview.current?.version ?? 0) + 1;

  const submit = () => {
    const parsed = PrivacyNoticeInputSchema.safeParse({ bodyEn, bodyBn });
    if (!parsed.success) {
      const found: { bodyEn?: string; bodyBn?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as 'bodyEn' | 'bodyBn';
        found[field] ??= issue.message;
      }
      setProblems(found);
      return;
    }
    setProblems({});
    publish.mutate(parsed.data, { onSuccess: (notice) => toast.success(PRIVACY_TEXTS.published(notice.version)) });
  };

  const area = (name: 'bodyEn' | 'bodyBn', label: string, value: string, set: (text: string) => void, lang: string) => (
    <Form.Group className="mb-3" controlId={`${id}-${name}`}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        as="textarea"
        rows={12}
        name={name}
        lang={lang}
        maxLength={PRIVACY_NOTICE_MAX}
        value={value}
        isInvalid={Boolean(problems[name])}
        aria-invalid={Boolean(problems[name])}
        aria-describedby={problems[name] ? `${id}-${name}-error` : undefined}
        onChange={(event) => set((event.target as HTMLTextAreaElement).value)}
      />
      {problems[name] && (
        <Form.Control.Feedback id={`${id}-${name}-error`} type="invalid">
          {problems[name]}
        </Form.Control.Feedback>
      )}
    </Form.Group>
  );

  return (
    <Form
      {...pageForm}
      noValidate
      aria-label="Privacy notice"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <p className="text-body-secondary">
        Shown at /privacy and /bn/privacy, linked from every public page. Plain text: a blank line starts a new paragraph. The office&apos;s
        contact is shown under it.{' '}
        {overview.current ? `Version ${overview.current.version} is in force.` : 'Until you publish, the standard text below is shown.'}
      </p>
      <div className="row g-3">
        <div className="col-lg-6">{area('bodyEn', 'Notice in English', bodyEn, setBodyEn, 'en')}</div>
        <div className="col-lg-6">{area('bodyBn', 'Notice in Bengali', bodyBn, setBodyBn, 'bn')}</div>
      </div>
      {publish.isError && (
        <Alert variant="danger" role="alert" className="py-2">
          {serverMessage(publish.error) ?? 'Could not publish the notice. Please try again.'}
        </Alert>
      )}
      <PendingButton type="submit" variant="danger" pending={publish.isPending}>
        Publish as version {next}
      </PendingButton>
    </Form>
  );
}

function VersionHistory() {
  const notices = usePrivacyNotices();
  if (notices.isPending) return <LoadingStatus className="mt-3">{LOADING.generic}</LoadingStatus>;
  if (notices.isError || notices.data.length === 0) return null;
  return (
    <section className="mt-4" aria-label="Published versions">
      <h3 className="h6">Published versions</h3>
      <ul className="list-unstyled mb-0">
        {notices.data.map((notice: PrivacyNotice) => (
          <li key={notice.version} className="mb-2">
            <details>
              <summary>
                Version {notice.version}, published {formatDateTime(notice.publishedAt)}
                {notice.publishedBy ? ` by ${notice.publishedBy}` : ''}
              </summary>
              <div className="row g-3 mt-1">
                <div className="col-lg-6" style={{ whiteSpace: 'pre-wrap' }}>
                  {notice.bodyEn}
                </div>
                <div className="col-lg-6" style={{ whiteSpace: 'pre-wrap' }} lang="bn">
                  {notice.bodyBn}
                </div>
              </div>
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}
