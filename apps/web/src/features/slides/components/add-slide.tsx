import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useCreateSlide } from '../api/create-slide';
import { addSlideErrorMessage } from '../api/slide-errors';
import { SlideForm } from './slide-form';

/** Adding a slide: on success it is appended to the list and the list is shown. */
export function AddSlide() {
  const navigate = useNavigate();
  const create = useCreateSlide();
  return (
    <SlideForm
      mode="add"
      submitting={create.isPending}
      serverError={create.isError ? addSlideErrorMessage(create.error) : null}
      onSubmit={(fields, image) => {
        if (!image) return;
        create.mutate(
          { fields, image },
          {
            onSuccess: (slide) => {
              toast.success(`Slide “${slide.thumbnail}” added.`);
              void navigate(paths.slideList);
            },
            onError: (error) => toast.error(addSlideErrorMessage(error)),
          },
        );
      }}
    />
  );
}
