import { useEffect, useState } from 'react';
import { SCROLL_THRESHOLD_PX } from '@visa/shared/constants';

/** True once the page is scrolled more than 100 px (navbar look, scroll-to-top button). */
export function useScrolledPast(threshold = SCROLL_THRESHOLD_PX) {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return past;
}
