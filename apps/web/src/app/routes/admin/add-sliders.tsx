import { AddSlide } from '../../../features/slides/components/add-slide';

export function meta() {
  return [{ title: 'Add Slider | Canada Visa Desk' }];
}

/** Spec §2 /addSliders. */
export default function AddSlidersPage() {
  return (
    <>
      <h1 className="h3 mb-3">Add Slider</h1>
      <AddSlide />
    </>
  );
}
