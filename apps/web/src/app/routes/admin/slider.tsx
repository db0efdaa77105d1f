import { SliderList } from '../../../features/slides/components/slider-list';

export function meta() {
  return [{ title: 'Slider List | Canada Visa Desk' }];
}

/** Spec §2 /slider. */
export default function SliderPage() {
  return <SliderList />;
}
