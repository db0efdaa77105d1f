import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { SLIDE_TEXTS } from '@visa/shared/slides';
import { isDroppedConnection } from '../../../lib/api-client';
import { useUploadProgress } from '../../../lib/use-upload-progress';
import { paths } from '../../../config/paths';
import { useCreateSlide } from '../api/create-slide';
import { addSlideErrorMessage } from '../api/slide-errors';
import { SlideForm } from './slide-form';

/**
 * Adding a slide: on success it is appended to the list and the list is shown; when the
 * connection drops the form is kept with Retry (ADR 0026).
 */
export function AddSlide() {
  const navigate = useNavigate();
  const create = useCreateSlide();
  const progress = useUploadProgress();
  return (
    <SlideForm
      mode="add"
      submitting={create.isPending}
      progress={create.isPending ? progress.fraction : null}
      serverError={create.isError ? addSlideErrorMessage(create.error) : null}
      retryable={create.isError && isDroppedConnection(create.error)}
      onSubmit={(fields, image) => {
        if (!image) return;
        progress.start();
        create.mutate(
          { fields, image, onUploadProgress: progress.onUploadProgress },
          {
            onSettled: progress.stop,
            onSuccess: (slide) => {
              toast.success(SLIDE_TEXTS.added(slide.thumbnail));
              void navigate(paths.slideList);
            },
            onError: (error) => toast.error(addSlideErrorMessage(error)),
          },
        );
      }}
    />
  );
}
