import { useLocation, useSearchParams } from 'react-router';
import { EditSlide } from '../../../features/slides/components/edit-slide';

export function meta() {
  return [{ title: 'Edit Slider | Canada Visa Desk' }];
}

/** The slide comes as navigation state, or by the id in the address. */
export default function SlideEditPage() {
  const { state } = useLocation();
  const [params] = useSearchParams();
  return (
    <>
      <h1 className="h3 mb-3">Edit Slider</h1>
      <EditSlide navigationState={state} id={params.get('id')} />
    </>
  );
}
