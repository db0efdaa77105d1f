import type { Upload } from 'tus-js-client';

type UrlStorage = NonNullable<NonNullable<ConstructorParameters<typeof Upload>[1]>['urlStorage']>;
type PreviousUpload = Awaited<ReturnType<UrlStorage['findAllUploads']>>[number];

const PREFIX = 'tus::';

/** The tab's session storage, or null where the browser refuses it (a sandboxed frame, some private modes). */
function sessionStore(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Where the tus client keeps an unfinished upload's address (ADR 0063): this tab's session storage,
 * not tus-js-client's default of local storage, so the address lives only as long as the tab. A cut
 * connection, or a reload of the same tab, resumes the upload; another tab, another visitor of a
 * shared phone or a browser opened tomorrow finds nothing. The address opens nothing without the
 * link's token, but it is still a secret of that link. Where session storage cannot be used, the
 * addresses are kept in memory, for this page only.
 */
export function tabUrlStorage(store: Storage | null = sessionStore()): UrlStorage {
  const memory = new Map<string, string>();
  const keys = () => (store ? Array.from({ length: store.length }, (_, i) => store.key(i) ?? '') : [...memory.keys()]);
  const read = (key: string) => (store ? store.getItem(key) : (memory.get(key) ?? null));
  const find = (prefix: string): PreviousUpload[] =>
    keys()
      .filter((key) => key.startsWith(prefix))
      .flatMap((key) => {
        try {
          return [{ ...(JSON.parse(read(key) ?? '') as PreviousUpload), urlStorageKey: key }];
        } catch {
          // An entry that does not parse is no upload to resume.
          return [];
        }
      });
  let counter = 0;

  return {
    findAllUploads: async () => find(PREFIX),
    findUploadsByFingerprint: async (fingerprint) => find(`${PREFIX}${fingerprint}::`),
    removeUpload: async (key) => {
      if (store) store.removeItem(key);
      else memory.delete(key);
    },
    addUpload: async (fingerprint, upload) => {
      const key = `${PREFIX}${fingerprint}::${Date.now()}-${(counter += 1)}`;
      const value = JSON.stringify(upload);
      if (store) store.setItem(key, value);
      else memory.set(key, value);
      return key;
    },
  };
}
