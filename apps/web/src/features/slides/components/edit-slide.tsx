import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { Navigate, useNavigate } from 'react-router';
import { SLIDE } from '@visa/shared/ui-texts';
import { isValidId } from '@visa/shared/ids';
import { SLIDE_TEXTS, type Slide, type SlideInput, SlideSchema } from '@visa/shared/slides';
import { LOADING } from '@visa/shared/staff-texts';
import { paths } from '../../../config/paths';
import { isDroppedConnection } from '../../../lib/api-client';
import { useUploadProgress } from '../../../lib/use-upload-progress';
import { useSlide } from '../api/get-slide';
import { slideErrorMessage } from '../api/slide-errors';
import { useUpdateSlide } from '../api/update-slide';
import { useUpdateSlideImage } from '../api/update-slide-image';
import { SlideForm } from './slide-form';

interface Props {
  /** Whatever came as navigation state: used when it is a slide (the list hands it over). */
  navigationState: unknown;
  /** The id in the address, for a reload or a shared link without state. */
  id: string | null;
}

/**
 * Editing a slide works from the navigation state, or loads the slide by the id in the address
 * (so a reload keeps working); with neither, or an id nobody knows, it goes back to the list.
 */
export function EditSlide({ navigationState, id: rawId }: Props) {
  const parsed = SlideSchema.safeParse(navigationState);
  const fromState = parsed.success ? parsed.data : null;
  const id = rawId && isValidId(rawId) ? rawId : null;
  const loaded = useSlide(fromState ? null : id);
  const slide = fromState ?? loaded.data ?? null;

  if (!fromState && !id) return <Navigate to={paths.slideList} replace />;
  if (!slide) {
    if (loaded.isError) return <GoBack message={slideErrorMessage(loaded.error)} />;
    return (
      <div role="status" className="d-flex align-items-center gap-2">
        <span className="spinner-border spinner-border-sm" aria-hidden="true" /> {LOADING.slide}
      </div>
    );
  }
  return <EditSlideForm slide={slide} />;
}

function GoBack({ message }: { message: string }) {
  useEffect(() => {
    toast.error(message, { id: 'edit-slide-missing' });
  }, [message]);
  return <Navigate to={paths.slideList} replace />;
}

function EditSlideForm({ slide }: { slide: Slide }) {
  const navigate = useNavigate();
  const update = useUpdateSlide();
  const replaceImage = useUpdateSlideImage();
  const progress = useUploadProgress();
  const failed = update.error ?? replaceImage.error;

  const save = async (values: SlideInput, image: File | null, extras: { shownOnNavbar?: boolean }) => {
    // A new attempt: the last one's failure (perhaps the picture's, after the fields were saved) no longer holds.
    update.reset();
    replaceImage.reset();
    try {
      const updated = await update.mutateAsync({ _id: slide._id, changes: { ...values, ...extras } });
      if (image) {
        progress.start();
        await replaceImage.mutateAsync({ _id: slide._id, image, onUploadProgress: progress.onUploadProgress });
      }
      toast.success(SLIDE_TEXTS.saved(updated.thumbnail));
      void navigate(paths.slideList);
    } catch (error) {
      progress.stop();
      toast.error(slideErrorMessage(error));
      // The slide was deleted meanwhile: nothing left to edit here.
      if (slideErrorMessage(error) === SLIDE.notFound) void navigate(paths.slideList, { replace: true });
    }
  };

  return (
    <SlideForm
      mode="edit"
      defaultValues={{ thumbnail: slide.thumbnail, title: slide.title, status: slide.status, link: slide.link, altText: slide.altText }}
      currentImage={{ url: slide.image, alt: slide.altText }}
      submitting={update.isPending || replaceImage.isPending}
      progress={replaceImage.isPending ? progress.fraction : null}
      serverError={failed ? slideErrorMessage(failed) : null}
      retryable={failed !== null && isDroppedConnection(failed)}
      shownOnNavbar={slide.shownOnNavbar}
      onSubmit={(values, image, extras) => void save(values, image, extras)}
    />
  );
}
