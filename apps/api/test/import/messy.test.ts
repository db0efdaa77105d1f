import fs from 'node:fs';
import { ObjectId } from 'bson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpeg } from '@visa/test-support/images';
import { type TestApp, createTestApp } from '@visa/test-support/test-app';
import { earlierApplications, runImport, serveEarlierFiles, subdir, tempDir, writeJsonArrays } from './fixtures.js';

/**
 * Values real dumps of the earlier app hold that the main import tests do not: dates typed by hand
 * without their leading zeros, and documents whose earlier file names are personal.
 */

const handTypedDates = new ObjectId('77a1b2c3d4e5f6a7b8c90001').toHexString();
const pdfDocument = new ObjectId('77a1b2c3d4e5f6a7b8c90002').toHexString();
const refused = new ObjectId('77a1b2c3d4e5f6a7b8c90003').toHexString();

describe('an import of the odd values real dumps hold', () => {
  let t: TestApp;
  let token: string;
  let work: string;
  let result: Awaited<ReturnType<typeof runImport>>;
  let files: Awaited<ReturnType<typeof serveEarlierFiles>>;

  beforeAll(async () => {
    t = await createTestApp();
    token = (await t.createStaff('superadmin')).token;
    work = tempDir('visa-import-messy-');
    files = await serveEarlierFiles({
      '/earlier/Karim-Rahman-passport.pdf': Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
      '/earlier/visa.jpg': await jpeg(800, 600),
    });
    const [template] = earlierApplications({ email: 'nobody@example.com', passport: 'ZZ0000000' }, files.base);
    const source = writeJsonArrays(subdir(work, 'export'), {
      applications: [
        {
          ...template,
          _id: new ObjectId(handTypedDates),
          email: 'dates@example.com',
          passport: 'BD1000001',
          image: 'default.png',
          file1: 'default.png',
          isStatus: 'approved',
          pending: '2024-1-5',
          approve: ' 2024-2-9 ',
        },
        {
          ...template,
          _id: new ObjectId(pdfDocument),
          email: 'pdf@example.com',
          passport: 'BD1000002',
          isStatus: 'pending',
          image: 'default.png',
          file1: `${files.base}/Karim-Rahman-passport.pdf`,
          file2: `${files.base}/visa.jpg`,
        },
        {
          ...template,
          _id: new ObjectId(refused),
          email: 'refused@example.com',
          passport: 'BD1000003',
          image: 'default.png',
          isStatus: 'Reject',
        },
      ],
    });
    result = await runImport(t.config, [source], work, { IMPORT_ALLOW_PRIVATE_HOSTS: 'true' });
  });
  afterAll(async () => {
    await t.close();
    await files.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('reads a visa date written without leading zeros as that day', async () => {
    expect(result.stdout).toContain('applications: 3 imported, 0 updated, 0 unchanged, 0 skipped');
    const res = await t.request({ method: 'GET', url: `/api/application/fetchApplication/${handTypedDates}`, token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isStatus: 'approved', pending: '2024-01-05', approve: '2024-02-09' });
  });

  it('reports a document it cannot keep by its field, never by its earlier file name', async () => {
    const rows = result.report.split('\r\n').filter((line) => line.includes(pdfDocument));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(new RegExp(`^applications,${pdfDocument},file1,missing,.*file1.*application/pdf`));
    expect(result.report).not.toMatch(/karim|rahman|passport\.pdf/i);
    const res = await t.request({ method: 'GET', url: `/api/application/fetchApplication/${pdfDocument}`, token });
    expect(res.json().documents).toHaveLength(1);
  });

  it('derives the stage from the status, since the earlier app had none: decided files at the decision, others being prepared', async () => {
    const rows = await t.db.selectFrom('applications').select(['id', 'status', 'stage']).orderBy('id').execute();
    expect(rows.map((r) => [r.id, r.status, r.stage])).toEqual([
      [handTypedDates, 'approved', 'decision'],
      [pdfDocument, 'pending', 'preparing'],
      [refused, 'rejected', 'decision'],
    ]);
  });

  it('keeps the stage staff moved a pending file to when a newer copy comes in, and follows a decision', async () => {
    await t.db.updateTable('applications').set({ stage: 'biometrics' }).where('id', '=', pdfDocument).execute();
    const newer = { updatedAt: new Date('2030-01-01T00:00:00.000Z'), image: 'default.png', file1: 'default.png', file2: 'default.png' };
    const [template] = earlierApplications({ email: 'nobody@example.com', passport: 'ZZ0000000' }, files.base);
    const again = writeJsonArrays(subdir(work, 'again'), {
      applications: [
        { ...template, ...newer, _id: new ObjectId(pdfDocument), email: 'pdf@example.com', passport: 'BD1000002', isStatus: 'pending' },
        { ...template, ...newer, _id: new ObjectId(refused), email: 'refused@example.com', passport: 'BD1000003', isStatus: 'pending' },
      ],
    });
    const rerun = await runImport(t.config, [again], work, { IMPORT_ALLOW_PRIVATE_HOSTS: 'true' });
    expect(rerun.stdout).toContain('applications: 0 imported, 2 updated');
    const rows = await t.db
      .selectFrom('applications')
      .select(['id', 'stage'])
      .where('id', 'in', [pdfDocument, refused])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: pdfDocument, stage: 'biometrics' },
      { id: refused, stage: 'preparing' },
    ]);
  });
});
