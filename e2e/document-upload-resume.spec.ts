import type { BrowserContext, Route } from '@playwright/test';
import { DOCUMENTS_PAGE_TEXTS } from '@visa/shared/documents-page';
import { cameraPhoto } from '@visa/test-support/images';
import { addDocumentsApplicant, requestDocuments } from './support/document-requests';
import { signInViaApi } from './support/staff';
import { expect, test } from './support/test';

/**
 * Resumable uploads (ADR 0047) at a phone's width: the connection drops after part of a large photo
 * has reached the server, and the upload resumes from where the server stopped, without sending
 * those bytes again, both in the same page and after the applicant reloads it and picks the
 * same photo again.
 */

const PHONE = { width: 375, height: 740 };
const T = DOCUMENTS_PAGE_TEXTS.en;

interface Patch {
  offset: number;
  bytes: number;
}

/**
 * The phone's connection to /api/uploads as the test controls it. `cutAt` drops the next PATCH
 * once that share of the file has reached the server: those bytes go on to the server, and the
 * browser hears nothing back (the connection reset). `down` refuses every upload request, and
 * `staysDown` sets it at the cut, before the browser's own retry can get through.
 */
async function controlledConnection(context: BrowserContext) {
  const state = {
    cutAt: null as number | null,
    /** After the cut the connection stays down until the test brings it back. */
    staysDown: false,
    down: false,
    posts: 0,
    length: 0,
    /** What the server had when the connection dropped. */
    accepted: 0,
    patches: [] as Patch[],
  };
  await context.route('**/api/uploads**', async (route: Route) => {
    const request = route.request();
    const method = request.method();
    if (state.down) return route.abort('internetdisconnected');
    if (method === 'POST') {
      state.posts += 1;
      state.length = Number(await request.headerValue('upload-length'));
    }
    if (method !== 'PATCH') return route.continue();
    const body = request.postDataBuffer() ?? Buffer.alloc(0);
    const offset = Number(await request.headerValue('upload-offset'));
    state.patches.push({ offset, bytes: body.length });
    if (state.cutAt === null) return route.continue();
    const part = Math.floor(state.length * state.cutAt) - offset;
    state.cutAt = null;
    const { 'content-length': _ignored, ...headers } = await request.allHeaders();
    const reached = await route.fetch({ headers, postData: body.subarray(0, part) });
    expect(reached.status()).toBe(204);
    state.accepted = Number(reached.headers()['upload-offset']);
    if (state.staysDown) state.down = true;
    return route.abort('connectionreset');
  });
  return state;
}

test('an upload cut part-way resumes without sending the bytes already received, also after a reload', async ({ page, browser }) => {
  const staffToken = await signInViaApi(page);
  const application = await addDocumentsApplicant(page, staffToken);
  const link = await requestDocuments(page, staffToken, application, ['passport', 'bank']);

  const phone = await browser.newContext({ viewport: PHONE, baseURL: test.info().project.use.baseURL });
  const connection = await controlledConnection(phone);
  const applicant = await phone.newPage();
  await applicant.goto(`${link.pathname}${link.hash}`);
  await expect(applicant.getByRole('heading', { name: T.title })).toBeVisible();
  const photo = await cameraPhoto();
  const item = (label: string) => applicant.getByRole('listitem').filter({ hasText: label });

  // In the page: the connection drops at 60 % and comes back at once.
  connection.cutAt = 0.6;
  await item('Passport (photo page)').getByLabel(T.choose).setInputFiles({ name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(item('Passport (photo page)').getByText(T.states.received)).toBeVisible({ timeout: 60_000 });
  const length = connection.length;
  expect(length).toBeGreaterThan(512 * 1024);
  expect(connection.accepted).toBe(Math.floor(length * 0.6));
  // The first PATCH carried the whole file and was cut; the next one started where the server stopped.
  expect(connection.patches).toEqual([
    { offset: 0, bytes: length },
    { offset: connection.accepted, bytes: length - connection.accepted },
  ]);
  expect(connection.posts).toBe(1);

  // After a reload: the connection drops at 40 % and stays down; the applicant reloads, it comes
  // back, and they pick the same photo again.
  connection.patches.length = 0;
  connection.posts = 0;
  connection.cutAt = 0.4;
  connection.staysDown = true;
  const bank = () => item('Bank statement');
  await expect(bank()).toBeVisible();
  const cut = applicant.waitForRequest((r) => r.method() === 'PATCH' && r.url().includes('/api/uploads/'));
  await bank().getByLabel(T.choose).setInputFiles({ name: 'IMG_0002.jpg', mimeType: 'image/jpeg', buffer: photo });
  await cut;
  await expect.poll(() => connection.down).toBe(true);
  expect(connection.accepted).toBe(Math.floor(connection.length * 0.4));
  const accepted = connection.accepted;
  await applicant.reload();
  connection.staysDown = false;
  connection.down = false;
  await expect(bank().getByText(T.states.to_send)).toBeVisible();
  await bank().getByLabel(T.choose).setInputFiles({ name: 'IMG_0002.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(bank().getByText(T.states.received)).toBeVisible({ timeout: 60_000 });
  // One upload only, and after the reload only what the server did not have went up.
  expect(connection.posts).toBe(1);
  expect(connection.patches[0]).toEqual({ offset: 0, bytes: connection.length });
  expect(connection.patches.at(-1)).toEqual({ offset: accepted, bytes: connection.length - accepted });
  const sentAfterCut = connection.patches.slice(1).reduce((sum, p) => sum + p.bytes, 0);
  expect(sentAfterCut).toBe(connection.length - accepted);
  await phone.close();

  // Both arrived whole: staff see two received photos of the same size as sent.
  const view = await page.request.get(`/api/application/documentRequest/${application._id}`, {
    headers: { authorization: `Bearer ${staffToken}` },
  });
  const items = ((await view.json()) as { request: { items: { state: string; contentType: string }[] } }).request.items;
  expect(items.map((i) => [i.state, i.contentType])).toEqual([
    ['received', 'image/jpeg'],
    ['received', 'image/jpeg'],
  ]);
});
