import http from 'node:http';
import { beforeAll, expect } from 'vitest';
import PDFDocument from 'pdfkit';
import { sql } from 'kysely';
import { createApplication } from '@visa/test-support/applications';
import { deliveredMail, documentTokenIn } from '@visa/test-support/document-request-links';
import type { Staff } from '@visa/test-support/file-app';
import type { TestApp } from '@visa/test-support/test-app';

/** The applicant's side of the uploads by link, over real HTTP as the browser's tus client speaks it. */

const SUBJECT = 'Documents needed / প্রয়োজনীয় কাগজপত্র';
export const TUS = { 'tus-resumable': '1.0.0' };
export const b64 = (value: string) => Buffer.from(value).toString('base64');

export interface Link {
  applicationId: string;
  token: string;
  items: { id: string; label: { en: string }; state: string }[];
}

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A real PDF of `pages` pages, as PDFKit writes one: what a scanner or a phone's "save as PDF" makes. */
export function realPdf(pages = 2): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    for (let page = 1; page <= pages; page++) {
      if (page > 1) doc.addPage();
      doc.text(`Bank statement, page ${page} `.repeat(40));
    }
    doc.end();
  });
}

export function tusClient(t: TestApp, staff: Staff) {
  let base = '';
  beforeAll(async () => {
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  async function newLink(checklistItems = ['passport', 'police']): Promise<Link> {
    const application = await createApplication(t.db, { given_name: 'Rahim', surname: 'Chowdhury' });
    const res = await t.request({
      method: 'POST',
      url: `/api/application/documentRequest/${application.id}`,
      token: staff.token,
      payload: { dueDate: '2026-11-30', checklistItems },
    });
    expect(res.statusCode, res.body).toBe(200);
    const token = documentTokenIn(await deliveredMail(t, application.email, SUBJECT));
    return { applicationId: application.id, token, items: res.json().request.items };
  }

  const create = (link: Link, itemId: string, length: number, headers: Record<string, string> = {}) =>
    fetch(`${base}/api/uploads`, {
      method: 'POST',
      headers: {
        ...TUS,
        'x-document-token': link.token,
        'upload-length': String(length),
        'upload-metadata': `item ${b64(itemId)}`,
        ...headers,
      },
    });

  const patch = (link: Link, location: string, offset: number, bytes: Buffer) =>
    fetch(`${base}${location}`, {
      method: 'PATCH',
      headers: {
        ...TUS,
        'x-document-token': link.token,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
      body: new Uint8Array(bytes),
    });

  const head = (link: Link, location: string) =>
    fetch(`${base}${location}`, { method: 'HEAD', headers: { ...TUS, 'x-document-token': link.token } });

  /** A request whose target is sent exactly as written: fetch would resolve `..` and tidy the path first. */
  function raw(method: string, target: string, headers: Record<string, string | number>, body?: Buffer): Promise<RawAnswer> {
    const url = new URL(base);
    return new Promise((resolve, reject) => {
      const req = http.request({ host: url.hostname, port: url.port, path: target, method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  /** Begins an upload and answers its address. */
  async function begin(link: Link, itemId: string, length: number): Promise<string> {
    const created = await create(link, itemId, length);
    expect(created.status).toBe(201);
    return created.headers.get('location')!;
  }

  const staffView = async (applicationId: string) =>
    (await t.request({ method: 'GET', url: `/api/application/documentRequest/${applicationId}`, token: staff.token })).json();

  const uploadRows = (itemId: string) => t.db.selectFrom('document_uploads').selectAll().where('item_id', '=', itemId).execute();

  /** Every hit counted on the per-token and per-address upload counters. */
  const uploadCounters = async () =>
    Number(
      (
        await t.db
          .selectFrom('rate_limits')
          .select(sql<number>`coalesce(sum(count), 0)`.as('hits'))
          .where('key', 'like', 'documents:uploads:%')
          .executeTakeFirstOrThrow()
      ).hits,
    );

  /** The file an item received, as staff are given it. */
  async function storedFile(itemId: string): Promise<Buffer> {
    const row = await t.db.selectFrom('document_request_items').select('storage_key').where('id', '=', itemId).executeTakeFirstOrThrow();
    const chunks: Buffer[] = [];
    for await (const chunk of (await t.storage.get(row.storage_key!))!.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  return { base: () => base, newLink, create, patch, head, raw, begin, staffView, uploadRows, uploadCounters, storedFile };
}
