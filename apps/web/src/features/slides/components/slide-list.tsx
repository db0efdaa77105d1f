import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { SLIDE_TEXTS, type Slide } from '@visa/shared/slides';
import { CONFIRM, LOADING } from '@visa/shared/staff-texts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { paths } from '../../../config/paths';
import { slideEditPath } from '../../../config/staff-links';
import { useDeleteSlide } from '../api/delete-slide';
import { useSlideList } from '../api/get-slides';
import { useReorderSlides } from '../api/reorder-slides';
import { slideErrorMessage } from '../api/slide-errors';
import { useUpdateSlide } from '../api/update-slide';
import { PageHeader } from '../../../components/page-header';
import { ActionsHeader } from '../../../components/row-actions';

/** The smallest stored picture is plenty for a list thumbnail. */
const thumbnailUrl = (slide: Slide) =>
  slide.imageSet.filter((s) => s.type === 'image/webp').sort((a, b) => a.width - b.width)[0]?.url ?? slide.image;

/**
 * Every slide in display order with its real status, publish toggle, move up/down, edit, and
 * delete after a confirmation. The list changes only when a call has succeeded.
 */
export function SlideList() {
  const list = useSlideList();
  const update = useUpdateSlide();
  const remove = useDeleteSlide();
  const reorder = useReorderSlides();
  const [confirming, setConfirming] = useState<Slide | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const busy = update.isPending || remove.isPending || reorder.isPending;
  const fail = (error: unknown) => {
    const message = slideErrorMessage(error);
    setFailure(message);
    toast.error(message);
  };

  const togglePublished = (slide: Slide) => {
    setFailure(null);
    const status = slide.published ? 'Unpublished' : 'Published';
    update.mutate(
      { _id: slide._id, changes: { status } },
      { onSuccess: (s) => toast.success(SLIDE_TEXTS.nowInStatus(s.thumbnail, s.status)), onError: fail },
    );
  };

  const move = (index: number, by: -1 | 1) => {
    setFailure(null);
    const ids = list.slides.map((s) => s._id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    reorder.mutate(ids, {
      onError: (error) => {
        fail(error);
        // 409: someone else changed the list; show them the list as it is now.
        if ((error as { response?: { status?: number } }).response?.status === 409) list.reload();
      },
    });
  };

  const confirmDelete = () => {
    const slide = confirming;
    if (!slide) return;
    setFailure(null);
    remove.mutate(slide._id, {
      onSuccess: () => toast.success(SLIDE_TEXTS.deleted(slide.thumbnail)),
      onError: fail,
      onSettled: () => setConfirming(null),
    });
  };

  return (
    <>
      <PageHeader title="Slider List" to={paths.slideNew} link="Add Slider" />

      {failure && (
        <div className="alert alert-danger" role="alert">
          {failure}
        </div>
      )}

      {list.status === 'failed' && (
        <div className="alert alert-danger d-flex align-items-center gap-2" role="alert">
          <span>{list.error}</span>
          <button type="button" className="btn btn-outline-danger btn-sm ms-auto" onClick={list.reload}>
            Try again
          </button>
        </div>
      )}

      {list.status === 'loading' && list.slides.length === 0 && (
        <div role="status" className="d-flex align-items-center gap-2 my-4">
          <span className="spinner-border spinner-border-sm" aria-hidden="true" /> {LOADING.slides}
        </div>
      )}

      {list.status === 'succeeded' && list.slides.length === 0 && (
        <p className="text-body-emphasis">
          No slides yet. The home page shows its four built-in pictures until a slide is published.{' '}
          <Link to={paths.slideNew}>Add the first slide</Link>.
        </p>
      )}

      {list.slides.length > 0 && (
        <div className="table-responsive">
          <table className="table align-middle stack-table" aria-busy={list.status === 'loading' || busy}>
            <caption className="visually-hidden">Slides in the order the home page shows them</caption>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Picture</th>
                <th scope="col">Title</th>
                <th scope="col">Text</th>
                <th scope="col">Status</th>
                <ActionsHeader />
              </tr>
            </thead>
            <tbody>
              {list.slides.map((slide, index) => (
                <tr key={slide._id}>
                  <td data-label="Order">
                    <div className="d-flex align-items-center gap-1">
                      <span className="me-1">{index + 1}</span>
                      <button
                        type="button"
                        className="btn btn-outline-dark btn-sm"
                        aria-label={`Move “${slide.thumbnail}” up`}
                        disabled={busy || index === 0}
                        onClick={() => move(index, -1)}
                      >
                        <span aria-hidden="true">↑</span>
                      </button>
                      <button
                        type="button"
                        className="btn btn-outline-dark btn-sm"
                        aria-label={`Move “${slide.thumbnail}” down`}
                        disabled={busy || index === list.slides.length - 1}
                        onClick={() => move(index, 1)}
                      >
                        <span aria-hidden="true">↓</span>
                      </button>
                    </div>
                  </td>
                  <td data-label="Picture">
                    {thumbnailUrl(slide) ? (
                      <img
                        src={thumbnailUrl(slide)!}
                        alt={slide.altText}
                        width={120}
                        height={60}
                        loading="lazy"
                        decoding="async"
                        className="rounded"
                        style={{ objectFit: 'cover' }}
                      />
                    ) : (
                      <span className="text-body-emphasis small">No picture</span>
                    )}
                  </td>
                  <td className="fw-semibold" data-label="Title">
                    {slide.thumbnail}
                  </td>
                  <td className="small" data-label="Text" style={{ maxWidth: 280 }}>
                    {slide.title}
                  </td>
                  <td data-label="Status">
                    <span className={`badge ${slide.published ? 'text-bg-success' : 'text-bg-secondary'}`}>{slide.status}</span>
                  </td>
                  <td>
                    <div className="d-flex flex-wrap gap-1 justify-content-end">
                      <button
                        type="button"
                        className="btn btn-outline-primary btn-sm"
                        disabled={busy}
                        onClick={() => togglePublished(slide)}
                        aria-label={`${slide.published ? 'Unpublish' : 'Publish'} “${slide.thumbnail}”`}
                      >
                        {slide.published ? 'Unpublish' : 'Publish'}
                      </button>
                      <Link
                        to={slideEditPath(slide._id)}
                        state={slide}
                        className="btn btn-outline-dark btn-sm"
                        aria-label={`Edit “${slide.thumbnail}”`}
                      >
                        Edit
                      </Link>
                      <button
                        type="button"
                        className="btn btn-outline-danger btn-sm"
                        disabled={busy}
                        onClick={() => setConfirming(slide)}
                        aria-label={`Delete “${slide.thumbnail}”`}
                      >
                        Delete
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {/* Locked while the delete runs: the dialog closes itself once the call has settled. */}
      <ConfirmDialog
        show={confirming !== null}
        title={CONFIRM.deleteSlide.title}
        confirmLabel={CONFIRM.deleteSlide.confirm}
        cancelVariant="outline-dark"
        pending={remove.isPending}
        pendingSpinner
        lockWhilePending
        onConfirm={confirmDelete}
        onCancel={() => setConfirming(null)}
      >
        {CONFIRM.deleteSlide.body(confirming?.thumbnail ?? '', confirming?.published ?? false)}
      </ConfirmDialog>
    </>
  );
}
