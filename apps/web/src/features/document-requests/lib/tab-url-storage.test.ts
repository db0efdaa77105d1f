import { Upload } from 'tus-js-client';
import { afterEach, describe, expect, it } from 'vitest';
import { tabUrlStorage } from './tab-url-storage';

const ADDRESS = '/api/uploads/0123456789abcdef0123456789abcdef';
const previous = { size: 1234, metadata: { item: 'passport' }, creationTime: 'now', uploadUrl: ADDRESS, parallelUploadUrls: null };

/** Every value a storage holds, joined: what another tab or a later visitor could read. */
const everything = (store: Storage) => Array.from({ length: store.length }, (_, i) => store.getItem(store.key(i)!) ?? '').join('\n');

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe("where the documents page keeps an unfinished upload's address", () => {
  it("keeps it in this tab's session storage, never in local storage, and finds it again by item and file", async () => {
    const storage = tabUrlStorage();
    const key = await storage.addUpload('visa-docs-item1-scan.pdf-1234', { ...previous, urlStorageKey: '' });
    expect(everything(localStorage)).not.toContain(ADDRESS);
    expect(everything(sessionStorage)).toContain(ADDRESS);
    expect(await storage.findUploadsByFingerprint('visa-docs-item1-scan.pdf-1234')).toEqual([{ ...previous, urlStorageKey: key }]);
    expect(await storage.findUploadsByFingerprint('visa-docs-item2-scan.pdf-1234')).toEqual([]);
    await storage.removeUpload(key);
    expect(await storage.findAllUploads()).toEqual([]);
    expect(sessionStorage.length).toBe(0);
  });

  it('keeps it in memory, for this page only, where session storage cannot be used', async () => {
    const storage = tabUrlStorage(null);
    await storage.addUpload('visa-docs-item1-photo.jpg-99', { ...previous, urlStorageKey: '' });
    expect(localStorage.length + sessionStorage.length).toBe(0);
    expect((await storage.findAllUploads()).map((u) => u.uploadUrl)).toEqual([ADDRESS]);
  });

  it('is where the tus client puts the address of an upload it begins', async () => {
    // The client's browser default would have written the address to local storage at this point.
    const requests: string[] = [];
    const httpStack = {
      getName: () => 'test',
      createRequest(method: string, url: string) {
        const headers: Record<string, string> = {};
        return {
          getMethod: () => method,
          getURL: () => url,
          setHeader: (name: string, value: string) => void (headers[name] = value),
          getHeader: (name: string) => headers[name],
          setProgressHandler: () => undefined,
          abort: async () => undefined,
          getUnderlyingObject: () => null,
          send: async () => {
            requests.push(method);
            const created = method === 'POST';
            return {
              getStatus: () => (created ? 201 : 204),
              getHeader: (name: string) =>
                ({ location: ADDRESS, 'upload-offset': created ? '0' : '4', 'tus-resumable': '1.0.0' })[name.toLowerCase()],
              getBody: () => '',
              getUnderlyingObject: () => null,
            };
          },
        };
      },
    };
    let stored = '';
    await new Promise<void>((resolve, reject) => {
      const upload = new Upload(Buffer.from('scan'), {
        endpoint: 'http://localhost/api/uploads',
        urlStorage: tabUrlStorage(),
        httpStack,
        fingerprint: async () => 'visa-docs-item1-scan.pdf-4',
        onChunkComplete: () => {
          stored = everything(sessionStorage);
        },
        onSuccess: () => resolve(),
        onError: reject,
      });
      upload.start();
    });
    expect(requests).toEqual(['POST', 'PATCH']);
    expect(stored).toContain(ADDRESS);
    expect(everything(localStorage)).not.toContain(ADDRESS);
  });
});
