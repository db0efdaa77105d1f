import { AddSlide } from '../../../features/slides/components/add-slide';

export function meta() {
  return [{ title: 'Add Slider | Canada Visa Desk' }];
}

export default function SlideNewPage() {
  return (
    <>
      <h1 className="h3 mb-3">Add Slider</h1>
      <AddSlide />
    </>
  );
}
