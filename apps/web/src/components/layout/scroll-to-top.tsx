import { useTranslation } from 'react-i18next';
import { useScrolledPast } from '../../lib/use-scrolled-past';

/** Appears after 100 px of scrolling (spec §2). */
export function ScrollToTop() {
  const { t } = useTranslation();
  const visible = useScrolledPast();
  if (!visible) return null;
  return (
    <button
      type="button"
      className="btn btn-danger scroll-top shadow"
      aria-label={t('scrollTop')}
      onClick={() =>
        window.scrollTo({ top: 0, behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' })
      }
    >
      <span aria-hidden="true">↑</span>
    </button>
  );
}
