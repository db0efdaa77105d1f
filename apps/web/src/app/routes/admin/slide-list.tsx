import { SlideList } from '../../../features/slides/components/slide-list';

export function meta() {
  return [{ title: 'Slider List | Canada Visa Desk' }];
}

/** The home-page slides. */
export default function SlideListPage() {
  return <SlideList />;
}
