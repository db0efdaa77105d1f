import { SliderList } from '../../../features/slides/components/slider-list';

export function meta() {
  return [{ title: 'Slider List | Canada Visa Desk' }];
}

/** The home-page slides. */
export default function SlideListPage() {
  return <SliderList />;
}
