import { useEffect, useState } from 'react';
import { Alert, Button, Form, Table } from 'react-bootstrap';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ERASURE_TEXTS,
  RECOMMENDED_RETENTION,
  type RetentionSettings,
  RetentionPreviewSchema,
  RetentionSettingsSchema,
} from '@visa/shared/retention';
import { formatDate } from '@visa/shared/dates';
import { apiUrl } from '@visa/shared/api-paths';
import { LOADING } from '@visa/shared/staff-texts';
import { api, serverMessage } from '../../../lib/api-client';
import { usePageForm } from '../../../lib/page-form';
import { LoadingStatus } from '../../../components/loading-status';
import { refetchAfterWrite } from '../../../lib/query-client';

const KEY = ['settings', 'retention'] as const;
const PREVIEW_KEY = ['settings', 'retention', 'preview'] as const;

/** An emptied field is NaN, which the schema refuses with its message rather than sending it as null. */
const toNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

type MonthsRule = keyof typeof RECOMMENDED_RETENTION;

const RULES: { key: MonthsRule; label: string; after: string }[] = [
  { key: 'rejectedMonths', label: 'Refused applications', after: 'months after the decision' },
  { key: 'approvedMonths', label: 'Approved applications', after: 'months after the visa collect date' },
  { key: 'pendingMonths', label: 'Pending applications nobody has changed', after: 'months since the last change' },
];

const RULE_NAMES = { rejected: 'Refused', approved: 'Approved', pending: 'Untouched pending', withdrawn: 'Consent withdrawn' } as const;

/**
 * The owner's retention windows (ADR 0052): each final state's rule is off until turned on, with
 * the recommended months offered; below, exactly what the next daily run would erase.
 */
export function RetentionForm() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: KEY,
    queryFn: async ({ signal }) => RetentionSettingsSchema.parse((await api.get(apiUrl('getRetentionSettings'), { signal })).data),
  });
  const preview = useQuery({
    queryKey: PREVIEW_KEY,
    queryFn: async ({ signal }) => RetentionPreviewSchema.parse((await api.get(apiUrl('previewRetention'), { signal })).data),
  });
  const save = useMutation({
    mutationFn: async (value: RetentionSettings) =>
      RetentionSettingsSchema.parse((await api.put(apiUrl('updateRetentionSettings'), value)).data),
    onSuccess: (value) => {
      queryClient.setQueryData(KEY, value);
      return refetchAfterWrite(queryClient, { queryKey: PREVIEW_KEY });
    },
  });
  const [draft, setDraft] = useState<RetentionSettings | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const pageForm = usePageForm('Saving…');
  useEffect(() => {
    if (query.data && !draft) setDraft(query.data);
  }, [query.data, draft]);
  if (!draft) {
    if (query.isError) return <Alert variant="danger">{serverMessage(query.error) ?? 'The retention settings could not be loaded.'}</Alert>;
    return <LoadingStatus>{LOADING.generic}</LoadingStatus>;
  }

  return (
    <>
      <Form
        {...pageForm}
        aria-label="Retention of personal data"
        onSubmit={(event) => {
          event.preventDefault();
          const checked = RetentionSettingsSchema.safeParse(draft);
          if (!checked.success) return setProblem(checked.error.issues[0]!.message);
          setProblem(null);
          save.mutate(checked.data);
        }}
      >
        <p className="small text-body-secondary">
          Once a window has passed, the daily run removes the applicant&apos;s personal data: names, contact details, passport, photo and
          documents. The record stays, without them, for the counts and the history.
        </p>
        {problem && <Alert variant="danger">{problem}</Alert>}
        {save.isError && <Alert variant="danger">{serverMessage(save.error) ?? 'Something went wrong. Please try again.'}</Alert>}
        {save.isSuccess && <Alert variant="success">{ERASURE_TEXTS.saved}</Alert>}
        {RULES.map(({ key, label, after }) => {
          const value = draft[key];
          return (
            <fieldset key={key} className="mb-3">
              <legend className="h6">{label}</legend>
              <Form.Check
                type="switch"
                id={`retention-${key}-on`}
                label={`Anonymise ${label.toLowerCase()}`}
                checked={value !== null}
                onChange={(e) => setDraft({ ...draft, [key]: e.target.checked ? RECOMMENDED_RETENTION[key] : null })}
              />
              {value !== null && (
                <Form.Group className="mt-2" controlId={`retention-${key}`}>
                  <Form.Label>Months ({after})</Form.Label>
                  <Form.Control
                    type="number"
                    min={1}
                    max={1200}
                    value={Number.isNaN(value) ? '' : value}
                    onChange={(e) => setDraft({ ...draft, [key]: toNumber(e.target.value) })}
                    style={{ maxWidth: '10rem' }}
                  />
                </Form.Group>
              )}
              <Form.Text>Recommended: {RECOMMENDED_RETENTION[key]} months.</Form.Text>
            </fieldset>
          );
        })}
        <Form.Group className="mb-3" controlId="retention-withdrawn">
          <Form.Label>Days after a withdrawn consent before the applicant is erased</Form.Label>
          <Form.Control
            type="number"
            min={0}
            max={365}
            value={Number.isNaN(draft.withdrawnDays) ? '' : draft.withdrawnDays}
            onChange={(e) => setDraft({ ...draft, withdrawnDays: toNumber(e.target.value) })}
            style={{ maxWidth: '10rem' }}
          />
          <Form.Text>Always on; 30 days by default, time to correct a mistake.</Form.Text>
        </Form.Group>
        <Button type="submit" disabled={save.isPending}>
          Save retention
        </Button>
      </Form>
      <RetentionPreviewTable preview={preview.data} loading={preview.isPending} error={preview.error} />
    </>
  );
}

function RetentionPreviewTable({
  preview,
  loading,
  error,
}: {
  preview: ReturnType<typeof RetentionPreviewSchema.parse> | undefined;
  loading: boolean;
  error: unknown;
}) {
  return (
    <section className="mt-4" aria-labelledby="retention-preview">
      <h3 id="retention-preview" className="h6">
        The next run would anonymise
      </h3>
      {error ? (
        <Alert variant="danger">{serverMessage(error) ?? 'The preview could not be loaded.'}</Alert>
      ) : loading || !preview ? (
        <LoadingStatus>{LOADING.generic}</LoadingStatus>
      ) : (
        <>
          <p data-testid="retention-counts">
            {preview.counts.total} applications: {preview.counts.rejected} refused, {preview.counts.approved} approved,{' '}
            {preview.counts.pending} untouched pending, {preview.counts.withdrawn} with consent withdrawn.
          </p>
          {preview.counts.total > preview.applications.length && (
            <p className="small text-body-secondary" data-testid="retention-shown">
              The {preview.applications.length} that expired first are listed. <code>bin/visa-desk admin retention --dry-run</code> (on the
              server) lists them all.
            </p>
          )}
          {preview.applications.length > 0 && (
            // The scroll box takes the focus, so a keyboard scrolls a table wider than a phone too.
            <div className="table-responsive" role="region" aria-label="Applications past their window" tabIndex={0}>
              <Table size="sm" striped>
                <thead>
                  <tr>
                    <th scope="col">Application</th>
                    <th scope="col">State</th>
                    <th scope="col">Rule</th>
                    <th scope="col">Expired on</th>
                  </tr>
                </thead>
                <tbody>
                  {preview.applications.map((a) => (
                    <tr key={a._id}>
                      <td>
                        <code>{a._id}</code>
                      </td>
                      <td>{a.status}</td>
                      <td>{RULE_NAMES[a.rule]}</td>
                      <td>{formatDate(a.expiredOn)}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </div>
          )}
        </>
      )}
    </section>
  );
}
