import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import toast from 'react-hot-toast';
import { formatDateTime } from '@visa/shared/dates';
import { CALENDAR_TEXTS as T } from '@visa/shared/staff-deadlines';
import { FAILED } from '@visa/shared/ui-texts';
import { LOADING } from '@visa/shared/staff-texts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadingStatus } from '../../../components/loading-status';
import { PendingButton } from '../../../components/pending-button';
import { serverMessage } from '../../../lib/api-client';
import { useCalendarFeed, useCreateCalendarFeed, useRevokeCalendarFeed } from '../api/calendar-feed';
import { useCopyText } from '../../../lib/use-copy-text';

/**
 * The profile's calendar feed (ADR 0081): make (or replace) a secret address a calendar app
 * subscribes to, copy it while it is shown (this once: it lives in this component's state only),
 * or revoke it. Replacing and revoking ask first, as both stop the address in use.
 */
export function CalendarFeedSettings() {
  const status = useCalendarFeed();
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [asking, setAsking] = useState<'replace' | 'revoke' | null>(null);
  const [address, setAddress] = useState<string | null>(null);

  if (status.isPending) return <LoadingStatus>{LOADING.generic}</LoadingStatus>;
  if (status.isError) return <Alert variant="danger">{serverMessage(status.error) ?? FAILED.generic}</Alert>;
  const { active, createdAt } = status.data;

  const makeAddress = () =>
    create.mutate(undefined, {
      onSuccess: (feed) => {
        setAsking(null);
        setAddress(feed.url);
      },
    });

  return (
    <>
      <p>{T.intro}</p>
      <p>{active && createdAt ? `${T.activeSince} ${formatDateTime(createdAt)}.` : T.none}</p>
      {address && <NewAddress address={address} onHide={() => setAddress(null)} />}
      {create.isError && !asking && (
        <Alert variant="danger" role="alert">
          {serverMessage(create.error) ?? FAILED.generic}
        </Alert>
      )}
      <div className="d-flex flex-wrap gap-2">
        {active ? (
          <>
            <Button variant="outline-secondary" onClick={() => setAsking('replace')}>
              {T.replace}
            </Button>
            <Button variant="outline-danger" onClick={() => setAsking('revoke')}>
              {T.revoke}
            </Button>
          </>
        ) : (
          <PendingButton variant="primary" pending={create.isPending} onClick={makeAddress}>
            {T.create}
          </PendingButton>
        )}
      </div>
      <ConfirmDialog
        show={asking === 'replace'}
        title={T.replaceTitle}
        confirmLabel={T.replace}
        pending={create.isPending}
        error={create.isError ? (serverMessage(create.error) ?? FAILED.generic) : null}
        onConfirm={makeAddress}
        onCancel={() => setAsking(null)}
      >
        {T.replaceBody}
      </ConfirmDialog>
      <ConfirmDialog
        show={asking === 'revoke'}
        title={T.revokeTitle}
        confirmLabel={T.revoke}
        pending={revoke.isPending}
        error={revoke.isError ? (serverMessage(revoke.error) ?? FAILED.generic) : null}
        onConfirm={() =>
          revoke.mutate(undefined, {
            onSuccess: () => {
              setAsking(null);
              setAddress(null);
              toast.success(T.revoked);
            },
          })
        }
        onCancel={() => setAsking(null)}
      >
        {T.revokeBody}
      </ConfirmDialog>
    </>
  );
}

/** The address just made, shown once with a copy button; hidden, it is gone from the page. */
function NewAddress({ address, onHide }: { address: string; onHide: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const { copied, copy } = useCopyText(address);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="calendar-feed-new" className="border rounded p-2 mb-3">
      <h3 id="calendar-feed-new" className="h6" tabIndex={-1} ref={heading}>
        {T.linkHeading}
      </h3>
      <Alert variant="warning" className="py-2 small">
        {T.linkOnce}
      </Alert>
      <Form.Group className="mb-2" controlId="calendar-feed-address">
        <Form.Label>{T.linkLabel}</Form.Label>
        <Form.Control readOnly value={address} className="font-monospace" onFocus={(e) => e.currentTarget.select()} />
      </Form.Group>
      <div className="d-flex flex-wrap gap-2">
        <Button size="sm" variant="outline-secondary" onClick={copy}>
          {T.copy}
        </Button>
        <Button size="sm" variant="secondary" onClick={onHide}>
          {T.hide}
        </Button>
      </div>
      <div role="status" className="small mt-1">
        {copied === 'yes' ? T.copied : copied === 'failed' ? T.copyFailed : ''}
      </div>
    </section>
  );
}

/** The profile page's Calendar feed section: loaded after the page, as it sits below its forms. */
export function CalendarFeedSection() {
  return (
    <section className="card shadow-sm mt-3" style={{ maxWidth: 560 }} aria-labelledby="profile-calendar-feed">
      <div className="card-body">
        <h2 id="profile-calendar-feed" className="h5">
          {T.heading}
        </h2>
        <CalendarFeedSettings />
      </div>
    </section>
  );
}
