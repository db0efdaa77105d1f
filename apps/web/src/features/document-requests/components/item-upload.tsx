import { useId, useRef, useState } from 'react';
import { DOCUMENT_TOKEN_HEADER, type DOCUMENTS_PAGE_TEXTS, type PageItem, UPLOAD_ITEM_METADATA } from '@visa/shared/documents-page';
import { tabUrlStorage } from '../lib/tab-url-storage';

type Texts = (typeof DOCUMENTS_PAGE_TEXTS)['en' | 'bn'];

interface Props {
  item: PageItem;
  token: string;
  endpoint: string;
  texts: Texts;
  onDone: () => void;
}

/** Progress is announced at these steps only, so a screen reader is not flooded. */
const ANNOUNCE_EVERY = 25;

/** What to tell the applicant about a refused upload, in the page's language, from the server's status. */
function messageOf(error: unknown, texts: Texts): string {
  const status = (error as { originalResponse?: { getStatus(): number } | null }).originalResponse?.getStatus();
  if (status === 415) return texts.wrongType;
  if (status === 413) return texts.tooLarge;
  if (status === 404) return texts.linkNotValid;
  return texts.failed;
}

/**
 * One item's file: a photo from the camera or a file, a photo made smaller first (ADR 0026), then
 * sent with tus (ADR 0047): a dropped connection resumes where the server stopped, and so does a
 * reload of the same tab once the same file is chosen again (the upload's address is kept in the
 * tab's session storage only, by item and file, never the token: ADR 0063).
 */
export function ItemUpload({ item, token, endpoint, texts, onDone }: Props) {
  const id = useId();
  const [percent, setPercent] = useState<number | null>(null);
  const [announced, setAnnounced] = useState('');
  const [error, setError] = useState<string | null>(null);
  const busy = useRef(false);
  const accept = [
    item.types.some((type) => type.startsWith('image/')) ? 'image/*' : null,
    item.types.includes('application/pdf') ? 'application/pdf' : null,
  ]
    .filter(Boolean)
    .join(',');

  const send = async (picked: File) => {
    if (busy.current) return;
    busy.current = true;
    setError(null);
    setPercent(0);
    setAnnounced(texts.sending(0));
    try {
      const [{ prepareImage }, { Upload }] = await Promise.all([import('../../../lib/images/downscale'), import('tus-js-client')]);
      const file = picked.type.startsWith('image/') ? await prepareImage(picked, item.maxBytes) : picked;
      if (file.size > item.maxBytes) throw new Error(texts.tooLarge);
      await new Promise<void>((resolve, reject) => {
        const upload = new Upload(file, {
          endpoint,
          headers: { [DOCUMENT_TOKEN_HEADER]: token },
          metadata: { [UPLOAD_ITEM_METADATA]: item.id },
          retryDelays: [0, 1000, 3000, 5000, 10000, 20000],
          removeFingerprintOnSuccess: true,
          urlStorage: tabUrlStorage(),
          // By item and file only: the browser keeps the upload's address under it, never the token.
          fingerprint: async (f) => `visa-docs-${item.id}-${(f as File).name}-${f.size}`,
          onProgress: (sent, total) => {
            const now = total > 0 ? Math.floor((sent / total) * 100) : 0;
            setPercent(now);
            setAnnounced((before) => (now % ANNOUNCE_EVERY === 0 || now === 100 ? texts.sending(now) : before));
          },
          onSuccess: () => resolve(),
          onError: (err) => reject(new Error(messageOf(err, texts))),
        });
        void upload.findPreviousUploads().then((previous) => {
          if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
          upload.start();
        });
      });
      setAnnounced(texts.sent);
      onDone();
    } catch (err) {
      setPercent(null);
      const message = err instanceof Error ? err.message : texts.failed;
      // The alert below announces it; the live region would say it twice.
      setError(message);
      setAnnounced('');
    } finally {
      busy.current = false;
    }
  };

  return (
    <div className="item-upload">
      <label className="btn btn-primary mt-2" htmlFor={id}>
        {texts.choose}
      </label>
      <input
        id={id}
        className="visually-hidden"
        type="file"
        accept={accept}
        disabled={percent !== null}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) void send(file);
        }}
      />
      {percent !== null && <progress className="w-100 mt-2" max={100} value={percent} aria-label={item.label.en} />}
      <p className="small mb-0" aria-live="polite">
        {announced}
      </p>
      {error && (
        <p className="text-danger small mb-0" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
