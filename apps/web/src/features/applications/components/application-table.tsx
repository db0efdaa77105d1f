import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Form, InputGroup, Pagination, Spinner, Table } from 'react-bootstrap';
import toast from 'react-hot-toast';
import { APPLICATION_TEXTS } from '@visa/shared/application-texts';
import type { Application, DocumentsFilter } from '@visa/shared/applications';
import { readSearch } from '@visa/shared/application-search-rule';
import { APPLICATION_STATUSES, type ApplicationStatus, PAGE_SIZE, statusLabel } from '@visa/shared/constants';
import { formatDate } from '@visa/shared/dates';
import { FIELD_LABELS as LABELS } from '@visa/shared/field-labels';
import { APPLICATION_LIST } from '@visa/shared/ui-texts';
import { CONFIRM, DOCUMENTS_WAITING, LOADING } from '@visa/shared/staff-texts';
import { BALANCE_FILTER, CASE_FILTERS } from '@visa/shared/my-work-texts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { StatusBadge } from '../../../components/status-badge';
import { deleteErrorMessage, useDeleteApplication } from '../api/delete-application';
import { useExportApplications } from '../api/export-applications';
import { listErrorMessage, useApplications } from '../api/get-applications';
import { entriesLine, pageItems } from '../lib/paging';
import { rowName } from '../lib/row-name';
import { ActionsHeader, RowActions } from '../../../components/row-actions';
import { LoadingStatus } from '../../../components/loading-status';
import { usePageForm } from '../../../lib/page-form';
import { stageWords, useCaseStages } from '../api/case-stages';

/** How long typing must pause before the search is sent. */
const SEARCH_DEBOUNCE_MS = 400;

interface Props {
  page: number;
  search: string;
  /** The status filter (docs/product.md#api-applications); all statuses when absent. */
  status?: ApplicationStatus;
  onPageChange: (page: number, options?: { replace?: boolean }) => void;
  onSearchChange: (search: string) => void;
  onStatusChange: (status: ApplicationStatus | undefined) => void;
  /** Only applications with files waiting for review (ADR 0069); every application when absent. */
  documents?: DocumentsFilter;
  onDocumentsChange: (documents: DocumentsFilter | undefined) => void;
  /** The case filters (ADR 0079): a stage key, and days within which an open letter is due. */
  stage?: string;
  dueWithin?: number;
  /** `due`: only applications that owe money (ADR 0084). */
  balance?: 'due';
  onCaseFilterChange: (filter: 'stage' | 'dueWithin' | 'balance', value: string | undefined) => void;
  onView: (application: Application) => void;
  onEdit: (application: Application) => void;
  /** A navigation to another page is under way: a search still waiting must not replace it. */
  leaving?: boolean;
}

/**
 * The application list: the table, the 'Passport search ...' box (debounced), the 'Show 1 to 10
 * entries' line, Previous/Next with page numbers, delete with confirmation, and the CSV export of
 * the current search. Page, search and status are the route's (the address, and for the search
 * the history entry), so reload and Back work.
 */
export function ApplicationTable({
  page,
  search,
  status,
  documents,
  stage,
  dueWithin,
  balance,
  onPageChange,
  onSearchChange,
  onStatusChange,
  onDocumentsChange,
  onCaseFilterChange,
  onView,
  onEdit,
  leaving = false,
}: Props) {
  const pageForm = usePageForm(LOADING.applications);
  const [typed, setTyped] = useState(search);
  const [shownSearch, setShownSearch] = useState(search);
  const list = useApplications({ page, limit: PAGE_SIZE, search, status, documents, stage, dueWithin, balance });
  const stages = useCaseStages().data;
  const remove = useDeleteApplication();
  const exporter = useExportApplications();
  const [target, setTarget] = useState<Application | null>(null);
  const [confirming, setConfirming] = useState(false);

  // The box follows the URL when it changes from elsewhere (Back, a link), not while it echoes what was typed.
  if (search !== shownSearch) {
    setShownSearch(search);
    if (search !== typed.trim()) setTyped(search);
  }

  const wanted = readSearch(typed);
  const searchError = wanted === null ? APPLICATION_TEXTS.invalidSearch : undefined;
  // A way off the page (a row's View, a link) may still be loading the next page when the pause
  // runs out: the search's own step would then replace that navigation, and the click would be
  // lost. While the page is leaving no search is sent; if it stays after all, the search goes.
  // The ref is read when the timer fires, in case it fires before the render that says so.
  const leavingNow = useRef(leaving);
  leavingNow.current = leaving;
  useEffect(() => {
    if (wanted === null || wanted === search || leaving) return;
    const timer = setTimeout(() => {
      if (!leavingNow.current) onSearchChange(wanted);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [wanted, search, onSearchChange, leaving]);

  // ADR 0007: after a delete (or on a stale link) a page past the end moves back to the last page.
  const data = list.data;
  useEffect(() => {
    if (data && !list.isPlaceholderData && data.applications.length === 0 && page > 1 && data.totalPages >= 1 && page > data.totalPages) {
      onPageChange(data.totalPages, { replace: true });
    }
  }, [data, list.isPlaceholderData, page, onPageChange]);

  const confirmDelete = () => {
    setConfirming(false);
    if (target) remove.mutate(target._id, { onSuccess: () => toast.success(APPLICATION_TEXTS.deleted) });
  };

  // From the page the server answered, not the one just asked for: while the next page loads the
  // previous rows stay on screen, and the line must describe the rows that are shown.
  const line = data ? entriesLine(data.page, PAGE_SIZE, data.totalApplication, data.applications.length) : null;
  const totalPages = data?.totalPages ?? 0;
  // A search with more matches than the server counted (ADR 0028): its total is a lower bound, and
  // Next goes on past the last page counted as long as the page shown is full (ADR 0030).
  const capped = data?.totalCapped === true;
  const lastPage = page >= totalPages && !(capped && data?.nextCursor);

  return (
    <>
      <div className="d-flex flex-wrap align-items-start gap-2 mb-3">
        <Form {...pageForm} role="search" className="flex-grow-1" style={{ maxWidth: 420 }} onSubmit={(e) => e.preventDefault()}>
          <Form.Label htmlFor="application-search" visuallyHidden>
            Search applications by passport or name
          </Form.Label>
          <InputGroup>
            <Form.Control
              id="application-search"
              type="search"
              placeholder="Passport search ..."
              value={typed}
              maxLength={80}
              aria-invalid={Boolean(searchError)}
              aria-describedby={searchError ? 'application-search-error' : undefined}
              onChange={(e) => setTyped(e.target.value)}
            />
          </InputGroup>
          {searchError && (
            <Form.Text id="application-search-error" className="text-danger">
              {searchError}
            </Form.Text>
          )}
        </Form>
        <Form.Group controlId="application-status-filter" className="d-flex align-items-center gap-2">
          <Form.Label className="mb-0 text-nowrap">{LABELS.isStatus}</Form.Label>
          <Form.Select
            value={status ?? ''}
            style={{ width: 'auto' }}
            onChange={(e) => onStatusChange((e.target.value || undefined) as ApplicationStatus | undefined)}
          >
            <option value="">All statuses</option>
            {APPLICATION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group controlId="application-stage-filter" className="d-flex align-items-center gap-2">
          <Form.Label className="mb-0 text-nowrap">{CASE_FILTERS.stage}</Form.Label>
          <Form.Select
            value={stage ?? ''}
            style={{ width: 'auto' }}
            onChange={(e) => onCaseFilterChange('stage', e.target.value || undefined)}
          >
            <option value="">{CASE_FILTERS.allStages}</option>
            {stages?.map((s) => (
              <option key={s.key} value={s.key}>
                {s.en}
              </option>
            ))}
            {stage && !stages?.some((s) => s.key === stage) && <option value={stage}>{stage}</option>}
          </Form.Select>
        </Form.Group>
        <Form.Group controlId="application-due-filter" className="d-flex align-items-center gap-2">
          <Form.Label className="mb-0 text-nowrap">{CASE_FILTERS.due}</Form.Label>
          <Form.Select
            value={dueWithin ?? ''}
            style={{ width: 'auto' }}
            onChange={(e) => onCaseFilterChange('dueWithin', e.target.value || undefined)}
          >
            <option value="">{CASE_FILTERS.dueAny}</option>
            {CASE_FILTERS.dueOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group controlId="application-balance-filter" className="d-flex align-items-center gap-2">
          <Form.Label className="mb-0 text-nowrap">{BALANCE_FILTER.label}</Form.Label>
          <Form.Select
            value={balance ?? ''}
            style={{ width: 'auto' }}
            onChange={(e) => onCaseFilterChange('balance', e.target.value || undefined)}
          >
            <option value="">{BALANCE_FILTER.any}</option>
            <option value="due">{BALANCE_FILTER.due}</option>
          </Form.Select>
        </Form.Group>
        <Form.Check
          type="switch"
          id="application-documents-filter"
          className="align-self-center mb-0"
          label={DOCUMENTS_WAITING.filterLabel}
          checked={documents === 'waiting'}
          onChange={(e) => onDocumentsChange(e.target.checked ? 'waiting' : undefined)}
        />
        <Button
          variant="outline-dark"
          className="ms-auto"
          disabled={exporter.isPending}
          onClick={() => exporter.mutate({ search, status }, { onError: () => toast.error(APPLICATION_TEXTS.exportFailed) })}
        >
          {exporter.isPending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          Export CSV
        </Button>
      </div>

      {remove.isError && (
        <Alert variant="danger" role="alert" dismissible transition={false} onClose={() => remove.reset()}>
          {deleteErrorMessage(remove.error)}
        </Alert>
      )}
      {list.isError && (
        <Alert variant="danger" role="alert">
          {listErrorMessage(list.error)}
        </Alert>
      )}
      {list.isPending && <LoadingStatus className="py-4">{LOADING.applications}</LoadingStatus>}

      {data && (
        <>
          <Table responsive hover className="bg-white align-middle stack-table" aria-busy={list.isFetching}>
            <caption className="visually-hidden">Visa applications</caption>
            <thead>
              <tr>
                <th scope="col">Photo</th>
                <th scope="col">Name</th>
                <th scope="col">{LABELS.passport}</th>
                <th scope="col">{LABELS.isStatus}</th>
                <th scope="col">{CASE_FILTERS.stage}</th>
                <th scope="col">{LABELS.pending}</th>
                <th scope="col">{LABELS.approve}</th>
                <ActionsHeader />
              </tr>
            </thead>
            <tbody>
              {data.applications.length === 0 && (
                <tr>
                  <td colSpan={8}>{APPLICATION_LIST.empty}</td>
                </tr>
              )}
              {data.applications.map((a) => (
                <tr key={a._id}>
                  <td data-label="Photo">
                    {a.thumbnail ? (
                      <img src={a.thumbnail} alt={`Photo of ${rowName(a)}`} width={40} height={40} className="rounded" loading="lazy" />
                    ) : (
                      <span className="text-body-secondary small">No photo</span>
                    )}
                  </td>
                  <td data-label="Name" className={a.anonymised ? 'text-body-secondary fst-italic' : undefined}>
                    {rowName(a)}
                  </td>
                  <td data-label={LABELS.passport}>{a.anonymised ? '—' : <code>{a.passport}</code>}</td>
                  <td data-label={LABELS.isStatus}>
                    <StatusBadge status={a.isStatus} label={statusLabel(a.isStatus)} />
                  </td>
                  <td data-label={CASE_FILTERS.stage}>{stageWords(stages, a.stage) || '—'}</td>
                  <td data-label={LABELS.pending}>{formatDate(a.pending) || '—'}</td>
                  <td data-label={LABELS.approve}>{formatDate(a.approve) || '—'}</td>
                  <RowActions
                    name={rowName(a)}
                    onView={() => onView(a)}
                    onEdit={a.anonymised ? undefined : () => onEdit(a)}
                    deleteDisabled={remove.isPending && remove.variables === a._id}
                    onDelete={() => {
                      remove.reset();
                      setTarget(a);
                      setConfirming(true);
                    }}
                  />
                </tr>
              ))}
            </tbody>
          </Table>

          <div className="d-flex flex-wrap align-items-center gap-2">
            {line && (
              <p className="mb-0 small" aria-live="polite" data-testid="entries-line">
                {line}
              </p>
            )}
            {capped && (
              <p className="mb-0 small text-body-secondary" data-testid="capped-total">
                {APPLICATION_LIST.cappedTotal(data.totalApplication)}
              </p>
            )}
            {totalPages > 0 && (
              <Pagination className="mb-0 ms-auto" aria-label="Application pages">
                <Pagination.Prev disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
                  Previous
                </Pagination.Prev>
                {pageItems(page, totalPages, capped).map((item, i) =>
                  item === 'gap' ? (
                    <Pagination.Ellipsis key={`gap-${i}`} disabled />
                  ) : (
                    <Pagination.Item
                      key={item}
                      active={item === page}
                      aria-label={`Page ${item}`}
                      aria-current={item === page ? 'page' : undefined}
                      onClick={() => onPageChange(item)}
                    >
                      {item}
                    </Pagination.Item>
                  ),
                )}
                <Pagination.Next disabled={lastPage} onClick={() => onPageChange(page + 1)}>
                  Next
                </Pagination.Next>
              </Pagination>
            )}
          </div>
        </>
      )}

      <ConfirmDialog
        show={confirming}
        title={CONFIRM.deleteApplication.title}
        confirmLabel={CONFIRM.deleteApplication.confirm}
        onConfirm={confirmDelete}
        onCancel={() => setConfirming(false)}
      >
        {target && (
          <p className="mb-0">
            {CONFIRM.deleteApplication.lead} <strong>{rowName(target)}</strong> {CONFIRM.deleteApplication.rest(target.passport)}
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}
