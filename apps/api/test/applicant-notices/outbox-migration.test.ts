import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createApplication } from '@visa/test-support/applications';
import { databaseBefore } from '@visa/test-support/test-app';

/**
 * The migration to one outbox (ADR 0060) over rows an earlier version left in its two tables:
 * every one moves across as it was, waiting ones included, and back again when it is undone.
 */

const MIGRATION = '20261128T120000-one-outbox';

interface EarlierOutboxes {
  email_outbox: {
    id: string;
    application_id: string | null;
    to_address: string;
    subject: string;
    text_body: string;
    html_body: string | null;
    status: string;
    attempts: number;
    next_attempt_at: string;
    last_error: string | null;
    sent_at: string | null;
    created_at: string;
    secret: string | null;
    from_status: string | null;
  };
  message_outbox: {
    id: string;
    application_id: string;
    channel: string;
    from_status: string;
    status: string;
    attempts: number;
    next_attempt_at: string;
    sent_status: string | null;
    to_number: string | null;
    provider_id: string | null;
    provider_status: string | null;
    last_error: string | null;
    sent_at: string | null;
    created_at: string;
    kind: string;
    secret: string | null;
    due_date: string | null;
  };
}

const AT = '2026-11-27T10:00:00.000Z';

describe('one outbox from the two', () => {
  it('moves every email and text message across as it was, and back when undone', async () => {
    const { db: current, migrator, close } = await databaseBefore(MIGRATION);
    const db = current as unknown as Kysely<EarlierOutboxes>;
    try {
      const app = await createApplication(current);
      const email = {
        application_id: app.id,
        to_address: app.email,
        subject: 'Visa application update: Approved',
        text_body: 'Hello',
        html_body: '<p>Hello</p>',
        attempts: 0,
        next_attempt_at: AT,
        last_error: null,
        created_at: AT,
      };
      await db
        .insertInto('email_outbox')
        .values([
          { ...email, id: 'e1-settling', status: 'queued', sent_at: null, secret: null, from_status: 'pending' },
          {
            ...email,
            id: 'e2-reset',
            application_id: null,
            to_address: 'staff@example.com',
            status: 'queued',
            sent_at: null,
            secret: 'S'.repeat(43),
            from_status: null,
          },
          { ...email, id: 'e3-sent', status: 'sent', attempts: 1, sent_at: AT, secret: null, from_status: null },
        ])
        .execute();
      const text = {
        application_id: app.id,
        from_status: 'pending',
        attempts: 0,
        next_attempt_at: AT,
        sent_status: null,
        to_number: null,
        provider_id: null,
        provider_status: null,
        last_error: null,
        sent_at: null,
        created_at: AT,
        secret: null,
        due_date: null,
      };
      await db
        .insertInto('message_outbox')
        .values([
          { ...text, id: 'm1-waiting', channel: 'sms', status: 'queued', kind: 'status' },
          {
            ...text,
            id: 'm2-link',
            channel: 'whatsapp',
            status: 'queued',
            kind: 'documents',
            secret: 'L'.repeat(43),
            due_date: '2026-11-30',
          },
          {
            ...text,
            id: 'm3-sent',
            channel: 'sms',
            status: 'delivered',
            kind: 'status',
            attempts: 1,
            sent_status: 'approved',
            to_number: app.phone,
            provider_id: 'SM123',
            provider_status: 'delivered',
            sent_at: AT,
          },
        ])
        .execute();

      expect((await migrator.migrateTo(MIGRATION)).error).toBeUndefined();
      const moved = await current.selectFrom('outbox').selectAll().orderBy('id').execute();
      expect(moved.map((r) => ({ ...r, attempts: Number(r.attempts) }))).toEqual([
        expect.objectContaining({
          id: 'e1-settling',
          channel: 'email',
          kind: null,
          status: 'queued',
          recipient: app.email,
          from_status: 'pending',
        }),
        expect.objectContaining({
          id: 'e2-reset',
          channel: 'email',
          application_id: null,
          recipient: 'staff@example.com',
          secret: 'S'.repeat(43),
        }),
        expect.objectContaining({ id: 'e3-sent', channel: 'email', status: 'sent', attempts: 1, sent_at: AT, subject: email.subject }),
        expect.objectContaining({ id: 'm1-waiting', channel: 'sms', kind: 'status', status: 'queued', recipient: null, subject: null }),
        expect.objectContaining({ id: 'm2-link', channel: 'whatsapp', kind: 'documents', secret: 'L'.repeat(43), due_date: '2026-11-30' }),
        expect.objectContaining({
          id: 'm3-sent',
          status: 'delivered',
          recipient: app.phone,
          provider_id: 'SM123',
          sent_status: 'approved',
        }),
      ]);

      expect((await migrator.migrateDown()).error).toBeUndefined();
      const emails = await db.selectFrom('email_outbox').select(['id', 'to_address', 'secret', 'from_status']).orderBy('id').execute();
      expect(emails).toEqual([
        { id: 'e1-settling', to_address: app.email, secret: null, from_status: 'pending' },
        { id: 'e2-reset', to_address: 'staff@example.com', secret: 'S'.repeat(43), from_status: null },
        { id: 'e3-sent', to_address: app.email, secret: null, from_status: null },
      ]);
      const texts = await db.selectFrom('message_outbox').select(['id', 'kind', 'to_number', 'status']).orderBy('id').execute();
      expect(texts).toEqual([
        { id: 'm1-waiting', kind: 'status', to_number: null, status: 'queued' },
        { id: 'm2-link', kind: 'documents', to_number: null, status: 'queued' },
        { id: 'm3-sent', kind: 'status', to_number: app.phone, status: 'delivered' },
      ]);
    } finally {
      await close();
    }
  });
});
