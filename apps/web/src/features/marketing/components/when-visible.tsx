import { type ComponentType, useEffect, useRef, useState } from 'react';

/**
 * Renders a lazily imported component once its place on the page comes near the viewport. The
 * home page uses it for the carousel: a visitor who never scrolls that far never downloads its
 * code, which keeps the landing page within its JavaScript budget (ADR 0010). The placeholder
 * keeps the space, so nothing below it moves when the component arrives.
 */
export function WhenVisible({ load, className }: { load: () => Promise<ComponentType>; className?: string }) {
  const placeholder = useRef<HTMLDivElement>(null);
  const [Component, setComponent] = useState<ComponentType | null>(null);

  useEffect(() => {
    const element = placeholder.current;
    if (!element) return;
    let cancelled = false;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        void load().then((loaded) => !cancelled && setComponent(() => loaded));
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(element);
    return () => {
      cancelled = true;
      observer.disconnect();
    };
  }, [load]);

  return Component ? <Component /> : <div ref={placeholder} className={className} />;
}
