import type { FilePart } from '@visa/test-support/applications';
import { jpeg, png } from '@visa/test-support/images';
import { beforeAll } from 'vitest';
import { type Staff, appForFile, staffForFile } from '@visa/test-support/file-app';
import { type TestApp, listFiles } from '@visa/test-support/test-app';
import { listAuditFor } from '../../src/modules/kernel/audit/repository.js';
import { listEmailsFor } from '../../src/modules/domain/applicant-notices/outbox-status-repository.js';

/** What the applicant-file test files share: their app, their requests and their files. */

/** The file's app, its signed-in staff member (both ready before its tests) and requests as them. */
export function applicantFileApp() {
  const t = appForFile({ PUBLIC_URL: 'https://visa.example.com', APP_TIMEZONE: 'Asia/Dhaka' });
  beforeAll(async () => {
    // Deliveries are driven by hand (runOnce) so assertions about them are exact.
    await t.app.outbox.stop();
  });
  const staff = staffForFile(t, 'admin', { name: 'Nadia Staff' });
  return { t, staff, ...applicantFileRequests({ t, staff }) };
}

export const base = '/api/application';

export function documentsForm(files: FilePart[], labels: string[] | null = files.map(() => 'Visa')): FormData {
  const form = new FormData();
  for (const f of files) form.append('file1', new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
  for (const l of labels ?? []) form.append('label', l);
  return form;
}

export const jpegPart = async (name = 'job-letter.jpg'): Promise<FilePart> => ({ bytes: await jpeg(64, 48), name, type: 'image/jpeg' });
export const pngPart = async (name = 'lmia.png'): Promise<FilePart> => ({ bytes: await png(64, 48), name, type: 'image/png' });

/** Requests as the signed-in staff member (or `token`), and what a failed one must leave untouched. */
function applicantFileRequests(app: { t: TestApp; staff: Staff }) {
  const put = (url: string, payload?: unknown, token: string | undefined = app.staff.token) =>
    app.t.request({ method: 'PUT', url, token, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const upload = (id: string, form: FormData, token: string | undefined = app.staff.token) =>
    app.t.request({
      method: 'PUT',
      url: `${base}/updateApplicationAdd/${id}`,
      payload: form as unknown as Record<string, unknown>,
      token,
    });
  /** Everything a failed request must leave untouched. */
  async function snapshot(applicationId: string) {
    const { t } = app;
    await t.app.outbox.runOnce();
    return {
      files: listFiles(t.dataDir),
      application: await t.db.selectFrom('applications').selectAll().where('id', '=', applicationId).executeTakeFirst(),
      documents: await t.db.selectFrom('application_documents').selectAll().where('application_id', '=', applicationId).execute(),
      audit: await listAuditFor(t.db, 'application', applicationId),
      emails: await listEmailsFor(t.db, applicationId),
    };
  }
  return { put, upload, snapshot };
}
