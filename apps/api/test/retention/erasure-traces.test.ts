import fs from 'node:fs';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_REQUEST_TEXTS as M } from '@visa/shared/document-requests';
import { deliveredMail, documentTokenIn } from '@visa/test-support/document-request-links';
import { appForFile, staffForFile } from '@visa/test-support/file-app';
import { jpeg } from '@visa/test-support/images';
import { addApplicationWithFiles, storedKeysOf } from '@visa/test-support/processes';
import { ENQUIRY_APPLICANT, createApplication } from '@visa/test-support/applications';
import type { CaseView } from '@visa/shared/case-work';
import { listFiles } from '@visa/test-support/test-app';
import { dataDirLayout } from '../../src/infra/data-dir.js';
import { stagingFolder } from '../../src/modules/domain/document-requests/uploads.js';
import { runRetention } from '../../src/modules/operations/retention/service.js';

/**
 * "Erase now" as the disk sees it (ADR 0064): every copy of the applicant's data goes, the mail
 * folder's .eml files, files received and still under way through a link, the photo, thumbnail
 * and documents, and the outbox's rows; another applicant's stay.
 */

const clock = new Date('2026-11-20T08:00:00.000Z');
const t = appForFile({}, { now: () => clock });
const owner = staffForFile(t, 'superadmin');
let base = '';
beforeAll(async () => {
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

const SUBJECT = 'Documents needed / প্রয়োজনীয় কাগজপত্র';
const TUS = { 'tus-resumable': '1.0.0' };
const request = (o: InjectOptions) => t.request({ ...o, token: owner.token });

/** An applicant with a photo and documents, a link emailed to them, one file received through it and one under way. */
async function applicantWithEverything() {
  const id = await addApplicationWithFiles(request);
  const row = await t.db.selectFrom('applications').select(['email', 'passport']).where('id', '=', id).executeTakeFirstOrThrow();
  const sent = await request({
    method: 'POST',
    url: `/api/application/documentRequest/${id}`,
    payload: { dueDate: '2026-11-30', checklistItems: ['passport', 'police'] },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const [first, second] = sent.json().request.items as { id: string }[];
  const token = documentTokenIn(await deliveredMail(t, row.email, SUBJECT));
  const upload = async (itemId: string, bytes: Buffer, length = bytes.length) => {
    const created = await fetch(`${base}/api/uploads`, {
      method: 'POST',
      headers: { ...TUS, 'x-document-token': token, 'upload-length': String(length), 'upload-metadata': `item ${btoa(itemId)}` },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const patched = await fetch(`${base}${location}`, {
      method: 'PATCH',
      headers: { ...TUS, 'x-document-token': token, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      body: new Uint8Array(bytes),
    });
    expect(patched.status).toBe(204);
    return path.basename(location);
  };
  const photo = await jpeg(80, 60);
  await upload(first!.id, photo);
  // Half of a file: its bytes wait in the staging folder.
  const staged = await upload(second!.id, photo, photo.length * 2);
  return { id, ...row, token, staged };
}

const emlFilesOf = async (id: string) => {
  const rows = await t.db.selectFrom('outbox').select('id').where('application_id', '=', id).where('channel', '=', 'email').execute();
  return rows.map((r) => path.join(dataDirLayout(t.dataDir).outbox, `${r.id}.eml`));
};

describe('Erase now', () => {
  it('removes every copy: mail files, received and staged uploads, photo, thumbnail, documents and outbox rows', async () => {
    const gone = await applicantWithEverything();
    const kept = await applicantWithEverything();
    const emls = await emlFilesOf(gone.id);
    const keys = await storedKeysOf(t.db, gone.id);
    const received = await t.db
      .selectFrom('document_request_items')
      .innerJoin('document_requests', 'document_requests.id', 'document_request_items.request_id')
      .select('storage_key')
      .where('application_id', '=', gone.id)
      .where('storage_key', 'is not', null)
      .execute();
    expect(emls.length).toBeGreaterThan(0);
    for (const file of emls) expect(fs.readFileSync(file, 'utf8')).toContain(gone.email);
    expect(received).toHaveLength(1);
    expect(keys).toHaveLength(4);
    const staging = stagingFolder(t.dataDir);
    expect(fs.existsSync(path.join(staging, gone.staged))).toBe(true);
    const keptFiles = [...(await emlFilesOf(kept.id)), path.join(staging, kept.staged)];

    const res = await request({
      method: 'POST',
      url: `/api/application/eraseApplication/${gone.id}`,
      payload: { reason: 'Asked to be forgotten', confirmation: gone.passport },
    });
    expect(res.statusCode, res.body).toBe(200);

    for (const file of emls) expect(fs.existsSync(file), file).toBe(false);
    expect(fs.readdirSync(staging).filter((name) => name.startsWith(gone.staged))).toEqual([]);
    const uploads = dataDirLayout(t.dataDir).uploads;
    for (const key of [...keys, received[0]!.storage_key!]) expect(fs.existsSync(path.join(uploads, key)), key).toBe(false);
    expect(await t.db.selectFrom('outbox').select('id').where('application_id', '=', gone.id).execute()).toEqual([]);
    // Nothing on disk names them any more.
    for (const file of listFiles(t.dataDir).filter((f) => !f.endsWith('.sqlite') && !/sqlite-(wal|shm)$/.test(f))) {
      const text = fs.readFileSync(path.join(t.dataDir, file), 'latin1');
      expect(text.includes(gone.email), file).toBe(false);
      expect(text.includes(gone.passport), file).toBe(false);
    }
    // The other applicant's copies stay.
    for (const file of keptFiles) expect(fs.existsSync(file), file).toBe(true);
    for (const key of await storedKeysOf(t.db, kept.id)) expect(fs.existsSync(path.join(uploads, key))).toBe(true);

    // Their old link opens nothing and takes nothing.
    const page = await t.request({ method: 'GET', url: '/api/documents', headers: { 'x-document-token': gone.token } });
    expect(page.statusCode).toBe(404);
    expect(page.json().message).toBe(M.linkNotValid);
  });
});

describe('Erase now and the case (ADR 0083)', () => {
  it('clears the IRCC number, the steps’ notes, the letters’ reasons and the handovers’ counterparts, and keeps the kinds, stages and dates', async () => {
    const row = await createApplication(t.db, { ...ENQUIRY_APPLICANT, passport: 'CW0000001', email: 'case.erased@example.com' });
    const caseUrl = `/api/application/case/${row.id}`;
    const step = await request({
      method: 'POST',
      url: `${caseUrl}/steps`,
      payload: { kind: 'submitted', date: '2026-11-10', irccNumber: 'W123456789', note: 'Brother Karim paid the fee' },
    });
    expect(step.statusCode, step.body).toBe(200);
    const letter = await request({
      method: 'POST',
      url: `${caseUrl}/letters`,
      payload: { kind: 'biometrics', letterDate: '2026-11-15', deadline: '2027-01-12', reason: 'In hospital until January' },
    });
    expect(letter.statusCode, letter.body).toBe(200);
    const handover = await request({
      method: 'POST',
      url: `${caseUrl}/passport`,
      payload: { from: 'applicant', to: 'office', date: '2026-11-16', counterpart: 'Uncle Jamal', note: 'Jamal brought it' },
    });
    expect(handover.statusCode, handover.body).toBe(200);

    const res = await request({
      method: 'POST',
      url: `/api/application/eraseApplication/${row.id}`,
      payload: { reason: 'Asked to be forgotten', confirmation: row.passport },
    });
    expect(res.statusCode, res.body).toBe(200);

    const kase = await request({ method: 'GET', url: caseUrl });
    expect(kase.statusCode).toBe(200);
    const view = kase.json() as CaseView;
    expect(view).toMatchObject({ stage: 'passport', irccNumber: null });
    expect(view.timeline.map((e) => [e.kind, e.stage, e.date, e.note])).toEqual([
      ['submitted', 'submitted', '2026-11-10', ''],
      ['letter', 'biometrics', '2026-11-15', ''],
      ['passport-handed', 'passport', '2026-11-16', ''],
    ]);
    expect(
      kase.json().passport.handovers.map((h: { to: string; counterpart: string; note: string }) => [h.to, h.counterpart, h.note]),
    ).toEqual([['office', '', '']]);
    expect(view.letters.map((l) => [l.kind, l.letterDate, l.deadline, l.ruleDeadline, l.reason])).toEqual([
      ['biometrics', '2026-11-15', '2027-01-12', '2026-12-15', ''],
    ]);
    for (const secret of ['W123456789', 'Karim', 'hospital', 'Jamal']) expect(kase.body).not.toContain(secret);
  });
});

describe('the daily run', () => {
  it('removes mail files no message holds (left by an earlier version at an erasure), and keeps every other', async () => {
    const folder = dataDirLayout(t.dataDir).outbox;
    const kept = await applicantWithEverything();
    const held = await emlFilesOf(kept.id);
    const leftover = path.join(folder, '6a00000000000000000000aa.eml');
    fs.writeFileSync(leftover, `To: someone-erased@example.com\n\nYour link`);
    const deps = { db: t.db, storage: t.storage, dataDir: t.dataDir };
    await runRetention(deps, { now: clock, dryRun: true });
    expect(fs.existsSync(leftover)).toBe(true);
    await runRetention(deps, { now: clock });
    expect(fs.existsSync(leftover)).toBe(false);
    for (const file of held) expect(fs.existsSync(file), file).toBe(true);
  });
});
