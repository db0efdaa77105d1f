import { useLocale } from '../../lib/i18n';
import { useScrolledPast } from '../../lib/use-scrolled-past';

/** Appears once the page is scrolled more than 100 px (docs/product.md#public-pages). */
export function ScrollToTop() {
  const { texts } = useLocale();
  const visible = useScrolledPast();
  if (!visible) return null;
  return (
    <button
      type="button"
      className="btn btn-danger scroll-top shadow"
      aria-label={texts.scrollTop}
      title={texts.scrollTop}
      onClick={() => {
        const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
        window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
        // Keyboard users land at the top of the page, not on a button that has just disappeared.
        document.getElementById('main')?.focus({ preventScroll: true });
      }}
    >
      <span aria-hidden="true">↑</span>
    </button>
  );
}
