import { type ReactNode, Suspense, lazy, useEffect, useState } from 'react';
import { Alert, Button, Spinner } from 'react-bootstrap';
import toast from 'react-hot-toast';
import { Link, Navigate } from 'react-router';
import { APPLICANT_FILE_TEXTS, DOCUMENT_TEXTS } from '@visa/shared/applicant-file';
import { APPLICATION_TEXTS } from '@visa/shared/application-texts';
import type { Application, ApplicationDocument } from '@visa/shared/applications';
import { VALIDATION, VIEW } from '@visa/shared/ui-texts';
import { CONFIRM, LOADING } from '@visa/shared/staff-texts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { paths } from '../../../config/paths';
import { useDeleteDocument } from '../api/delete-document';
import { useDownloadPdf } from '../api/download-pdf';
import { useApplication } from '../api/get-application';
import { useCaseStage } from '../api/get-case-stage';
import { useVerification } from '../api/get-verification';
import { ApplicantFileCopy } from './applicant-file-copy';
import { DocumentUpload } from './document-upload';
import { StatusActions } from './status-actions';
import './applicant-file.css';
import { isHttpError } from '../../../lib/api-client';

/**
 * The document request (its form, its items, the link shown once) and the History (every action in
 * words) sit below the file's first screen, so they load after it.
 */
const DocumentRequestPanel = lazy(() => import('./document-request-panel').then((m) => ({ default: m.DocumentRequestPanel })));
const HistoryPanel = lazy(() => import('./history-panel').then((m) => ({ default: m.HistoryPanel })));

/** Back to the list with a toast: a missing application is not an error page, just gone. */
function BackToList({ message }: { message: string }) {
  useEffect(() => {
    // A fixed id, so React's double effects in development show it once.
    toast.error(message, { id: 'applicant-file-missing' });
  }, [message]);
  return <Navigate to={paths.applicationList} replace />;
}

function RemoveDocumentDialog({
  application,
  document,
  onClose,
}: {
  application: Application;
  document: ApplicationDocument | null;
  onClose: () => void;
}) {
  const remove = useDeleteDocument();
  return (
    <ConfirmDialog
      show={document !== null}
      title={CONFIRM.removeDocument.title}
      confirmLabel={CONFIRM.removeDocument.confirm}
      pending={remove.isPending}
      onConfirm={() =>
        document &&
        remove.mutate(
          { id: application._id, documentId: document._id },
          {
            onSuccess: () => toast.success(DOCUMENT_TEXTS.removed),
            onError: () => toast.error(DOCUMENT_TEXTS.removeError),
            onSettled: onClose,
          },
        )
      }
      onCancel={onClose}
    >
      {document && (
        <>
          <p>{CONFIRM.removeDocument.body(document.label, `${application.givenN} ${application.surname}`)}</p>
          <img
            src={document.url}
            alt={CONFIRM.removeDocument.previewAlt(document.label)}
            className="img-fluid border rounded af-remove-preview"
          />
        </>
      )}
    </ConfirmDialog>
  );
}

/**
 * The applicant file (docs/product.md#staff-pages): the copy, the status actions, document upload,
 * history and emails; Print and Download PDF.
 */
export function ApplicantFileView({
  id,
  initialApplication,
  casePanel,
}: {
  id: string;
  initialApplication?: Application | null;
  /** The case's stages, letters and timeline (another feature's), shown below the copy. */
  casePanel?: ReactNode;
}) {
  const query = useApplication(id, initialApplication);
  const verification = useVerification();
  const stage = useCaseStage(id);
  const pdf = useDownloadPdf();
  const [removing, setRemoving] = useState<ApplicationDocument | null>(null);

  if (query.isPending) {
    return (
      <div className="d-flex align-items-center gap-2" role="status">
        <Spinner size="sm" aria-hidden="true" /> {LOADING.application}
      </div>
    );
  }
  if (query.isError) {
    const status = isHttpError(query.error) ? query.error.response?.status : undefined;
    if (status === 404) return <BackToList message={APPLICANT_FILE_TEXTS.applicationNotFound} />;
    if (status === 400) return <BackToList message={VALIDATION.invalidId} />;
    return (
      <Alert transition={false} variant="danger" className="d-flex flex-wrap justify-content-between align-items-center gap-2">
        <span>{VIEW.loadError}</span>
        <Button variant="outline-danger" size="sm" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }

  const application = query.data;
  return (
    <div className="applicant-file">
      <div className="d-flex flex-wrap gap-2 mb-3 no-print">
        <Link to={paths.applicationList} className="btn btn-outline-dark btn-sm">
          Back to applications
        </Link>
        <Button variant="outline-dark" size="sm" className="ms-auto" onClick={() => window.print()}>
          Print
        </Button>
        <Button
          variant="dark"
          size="sm"
          disabled={pdf.isPending}
          onClick={() => pdf.mutate(application._id, { onError: () => toast.error(DOCUMENT_TEXTS.pdfError) })}
        >
          {pdf.isPending ? 'Preparing PDF…' : 'Download PDF'}
        </Button>
      </div>

      {application.anonymised && (
        <Alert transition={false} variant="secondary">
          {APPLICATION_TEXTS.erased}
        </Alert>
      )}

      <StatusActions application={application} />

      <ApplicantFileCopy
        application={application}
        verification={verification.data}
        stage={stage.data}
        documentActions={(doc, index) => (
          <Button
            variant="link"
            size="sm"
            className="p-0 text-danger no-print"
            aria-label={`Remove document ${index + 1} (${doc.label})`}
            onClick={() => setRemoving(doc)}
          >
            Remove
          </Button>
        )}
      />

      {casePanel}

      <div className="mt-3">
        {/* An erased applicant takes no new documents, and has nobody to send a request to. */}
        {!application.anonymised && <DocumentUpload applicationId={application._id} />}
        {!application.anonymised && (
          <Suspense fallback={null}>
            <DocumentRequestPanel applicationId={application._id} />
          </Suspense>
        )}
        <Suspense fallback={null}>
          <HistoryPanel applicationId={application._id} />
        </Suspense>
      </div>

      <RemoveDocumentDialog application={application} document={removing} onClose={() => setRemoving(null)} />
    </div>
  );
}
