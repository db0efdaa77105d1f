import { useEffect, useId, useRef, useState } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import toast from 'react-hot-toast';
import { APPLICANT_FILE_TEXTS, DOCUMENT_TEXTS, MAX_DOCUMENTS_PER_UPLOAD } from '@visa/shared/applicant-file';
import { DOCUMENT_LABELS, DOCUMENT_MAX_BYTES, type DocumentLabel } from '@visa/shared/constants';
import { UPLOAD } from '@visa/shared/ui-texts';
import { UploadProgress } from '../../../components/upload-progress';
import { UploadRetry } from '../../../components/upload-retry';
import { isDroppedConnection } from '../../../lib/api-client';
import { useUploadProgress } from '../../../lib/use-upload-progress';
import { useUploadDocuments } from '../api/upload-documents';
import { uploadError } from '../lib/action-errors';
import { ACCEPTED_DOCUMENT_TYPES, checkDocument } from '../lib/check-document';

interface Chosen {
  key: string;
  file: File;
  label: DocumentLabel | '';
  preview: string | null;
}

let serial = 0;

/** An object URL where the browser has them; otherwise a data URL (same picture, more memory). */
function readPreview(file: File): Promise<string | null> {
  if (typeof URL.createObjectURL === 'function') return Promise.resolve(URL.createObjectURL(file));
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : null);
    reader.onerror = () => resolve(null);
    reader.readAsDataURL(file);
  });
}

const release = (preview: string | null) => {
  if (preview?.startsWith('blob:')) URL.revokeObjectURL(preview);
};

const formatSize = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`);

/**
 * Multi-file document upload with a label per file and previews (docs/product.md#documents). Each
 * picture is first made ready for upload (at most 2000 px, upright, JPEG: ADR 0026), then checked
 * as the server will check it — by its bytes, at most 7 MB — the moment it is chosen; a refused
 * file is named with the product's message and never joins the list, so nothing bad is sent. A
 * progress bar shows while they go up; a dropped connection keeps the list and offers Retry.
 */
export function DocumentUpload({ applicationId }: { applicationId: string }) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const [refused, setRefused] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [dropped, setDropped] = useState(false);
  const [preparing, setPreparing] = useState(false);
  const upload = useUploadDocuments();
  const progress = useUploadProgress();
  // Object URLs live until the page goes away unless released.
  const previews = useRef(new Set<string>());
  useEffect(() => {
    const live = previews.current;
    return () => live.forEach(release);
  }, []);

  async function onPick(files: File[]) {
    setError(null);
    setDropped(false);
    setPreparing(true);
    const messages: string[] = [];
    const accepted: Chosen[] = [];
    // The shrinking code loads when a picture is picked, not with the page.
    const { prepareImage } = await import('../../../lib/images/downscale');
    for (const picked of files) {
      const file = await prepareImage(picked, DOCUMENT_MAX_BYTES);
      const problem = await checkDocument(file);
      if (problem) {
        messages.push(problem);
        continue;
      }
      if (chosen.length + accepted.length >= MAX_DOCUMENTS_PER_UPLOAD) {
        messages.push(`${file.name}: ${APPLICANT_FILE_TEXTS.tooManyDocuments}`);
        continue;
      }
      serial += 1;
      const preview = await readPreview(file);
      if (preview) previews.current.add(preview);
      accepted.push({ key: `doc-${serial}`, file, label: '', preview });
    }
    setPreparing(false);
    setRefused(messages);
    setChosen((current) => [...current, ...accepted]);
    if (inputRef.current) inputRef.current.value = '';
  }

  function forget(preview: string | null) {
    release(preview);
    if (preview) previews.current.delete(preview);
  }

  function remove(key: string) {
    forget(chosen.find((c) => c.key === key)?.preview ?? null);
    setChosen((current) => current.filter((c) => c.key !== key));
  }

  function submit() {
    setError(null);
    setDropped(false);
    if (chosen.some((c) => !c.label)) {
      setError(DOCUMENT_TEXTS.chooseLabel);
      return;
    }
    progress.start();
    upload.mutate(
      {
        id: applicationId,
        documents: chosen.map((c) => ({ file: c.file, label: c.label as DocumentLabel })),
        onUploadProgress: progress.onUploadProgress,
      },
      {
        onSettled: progress.stop,
        onSuccess: () => {
          toast.success(DOCUMENT_TEXTS.uploaded(chosen.length));
          chosen.forEach((c) => forget(c.preview));
          setChosen([]);
          setRefused([]);
        },
        onError: (err) => {
          setError(uploadError(err));
          setDropped(isDroppedConnection(err));
        },
      },
    );
  }

  return (
    <section className="card mb-3 no-print" aria-labelledby="upload-title">
      <div className="card-body">
        <h2 id="upload-title" className="h5">
          Add documents
        </h2>
        <Form.Group controlId={inputId} className="mb-3">
          <Form.Label>Choose documents (JPEG or PNG, at most 7 MB each)</Form.Label>
          <Form.Control
            ref={inputRef}
            type="file"
            multiple
            accept={ACCEPTED_DOCUMENT_TYPES.join(',')}
            disabled={upload.isPending || preparing}
            onChange={(e) => void onPick(Array.from((e.target as HTMLInputElement).files ?? []))}
          />
        </Form.Group>

        {preparing && (
          <p role="status" className="small">
            {UPLOAD.preparing}
          </p>
        )}

        {refused.length > 0 && (
          <Alert transition={false} variant="danger" role="alert">
            <ul className="mb-0 ps-3">
              {refused.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          </Alert>
        )}

        {chosen.length > 0 && (
          <ul className="list-unstyled mb-3" aria-label="Documents to upload">
            {chosen.map((c) => (
              <li key={c.key} className="d-flex align-items-center gap-3 border rounded p-2 mb-2">
                {c.preview ? (
                  <img src={c.preview} alt={`Preview of ${c.file.name}`} className="af-upload-preview rounded" />
                ) : (
                  <span className="af-upload-preview" aria-hidden="true" />
                )}
                <div className="flex-grow-1 min-w-0">
                  <p className="mb-1 text-truncate">{c.file.name}</p>
                  <p className="mb-0 small text-body-secondary">{formatSize(c.file.size)}</p>
                </div>
                <Form.Select
                  size="sm"
                  className="w-auto"
                  aria-label={`Label for ${c.file.name}`}
                  value={c.label}
                  isInvalid={Boolean(error) && !c.label}
                  onChange={(e) =>
                    setChosen((current) => current.map((x) => (x.key === c.key ? { ...x, label: e.target.value as DocumentLabel } : x)))
                  }
                >
                  <option value="">Choose a label…</option>
                  {DOCUMENT_LABELS.map((l) => (
                    <option key={l} value={l}>
                      {l}
                    </option>
                  ))}
                </Form.Select>
                <Button
                  variant="outline-secondary"
                  size="sm"
                  onClick={() => remove(c.key)}
                  aria-label={`Remove ${c.file.name} from the upload`}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}

        {error && (
          <Alert transition={false} variant="danger" role="alert">
            {error}
          </Alert>
        )}

        {dropped && <UploadRetry disabled={upload.isPending} onRetry={submit} />}
        <Button onClick={submit} disabled={chosen.length === 0 || upload.isPending || preparing}>
          {upload.isPending ? 'Uploading…' : chosen.length > 1 ? `Upload ${chosen.length} documents` : 'Upload document'}
        </Button>
        {upload.isPending && progress.fraction !== null && <UploadProgress fraction={progress.fraction} />}
      </div>
    </section>
  );
}
