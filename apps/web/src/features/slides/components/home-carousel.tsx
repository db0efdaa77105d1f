import './home-carousel.css';
import { type KeyboardEvent, type PointerEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLocale } from '../../../lib/i18n';
import { usePublishedSlides } from '../api/get-published-slides';
import { CAROUSEL_SIZES, type CarouselItem, builtInItems, slideToItem } from './carousel-items';
import { CAROUSEL_TEXT, type CarouselText } from './carousel-text';

/** Long enough to read a heading and a sentence; WCAG 2.2.2 asks for a pause control anyway. */
export const ROTATION_MS = 7_000;
const SWIPE_PX = 40;

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The home-page carousel: the published slides in display order, fetched
 * at run time so staff changes show without a rebuild, or the four built-in pictures when none
 * is published (or the list cannot be fetched). Same box as the home page's placeholder, so the
 * page does not move when it arrives.
 */
export function HomeCarousel() {
  const { language } = useLocale();
  const text = CAROUSEL_TEXT[language];
  const published = usePublishedSlides();

  const items = useMemo(() => {
    const slides = (published.data ?? []).map(slideToItem).filter((item): item is CarouselItem => item !== null);
    return slides.length > 0 ? slides : builtInItems(text);
  }, [published.data, text]);

  if (published.isPending) {
    return (
      <div className="home-carousel home-carousel--loading" role="status">
        <span className="visually-hidden">{text.loading}</span>
      </div>
    );
  }
  // A new set of pictures starts again from the first.
  return <Slideshow key={items.map((i) => i.key).join(' ')} items={items} text={text} />;
}

function Slideshow({ items, text }: { items: CarouselItem[]; text: CarouselText }) {
  const id = useId();
  const [index, setIndex] = useState(0);
  // Moving pictures are opt-out: visitors who asked for reduced motion start paused.
  const [playing, setPlaying] = useState(() => !prefersReducedMotion());
  const [hovered, setHovered] = useState(false);
  const swipeStart = useRef<number | null>(null);
  const pointerDown = useRef(false);
  const total = items.length;
  const rotating = playing && !hovered && total > 1;

  const go = (to: number) => setIndex(((to % total) + total) % total);

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(() => {
      // A hidden tab does not advance, so a visitor coming back finds the slide they left.
      if (!document.hidden) setIndex((i) => (i + 1) % total);
    }, ROTATION_MS);
    return () => window.clearTimeout(timer);
  }, [rotating, index, total]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') go(index - 1);
    else if (event.key === 'ArrowRight') go(index + 1);
    else return;
    event.preventDefault();
  };
  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') swipeStart.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (start === null) return;
    const dx = event.clientX - start;
    if (Math.abs(dx) >= SWIPE_PX) go(index + (dx < 0 ? 1 : -1));
  };

  return (
    <section
      className="home-carousel"
      aria-roledescription={text.roleCarousel}
      aria-label={text.label}
      onKeyDown={onKeyDown}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onPointerDownCapture={() => {
        pointerDown.current = true;
      }}
      onPointerUpCapture={() => {
        pointerDown.current = false;
      }}
      onFocus={(event) => {
        // Keyboard focus arriving from outside stops the rotation until the visitor presses Play
        // (WAI-ARIA carousel pattern); a click on a control is handled by the control itself.
        const fromOutside = !event.currentTarget.contains(event.relatedTarget as Node | null);
        if (fromOutside && !pointerDown.current) setPlaying(false);
      }}
    >
      {total > 1 && (
        <div className="home-carousel__controls">
          <button
            type="button"
            className="home-carousel__button"
            onClick={() => setPlaying((p) => !p)}
            aria-label={playing ? text.pause : text.play}
            title={playing ? text.pause : text.play}
          >
            <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
          </button>
          <button
            type="button"
            className="home-carousel__button"
            onClick={() => go(index - 1)}
            aria-controls={`${id}-slides`}
            aria-label={text.previous}
            title={text.previous}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <span className="home-carousel__count" aria-hidden="true">
            {text.position(index + 1, total)}
          </span>
          <button
            type="button"
            className="home-carousel__button"
            onClick={() => go(index + 1)}
            aria-controls={`${id}-slides`}
            aria-label={text.next}
            title={text.next}
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>
      )}

      {/* While rotating, announcing every change would talk over the page; once paused, changes are announced. */}
      <div
        id={`${id}-slides`}
        className="home-carousel__slides"
        aria-live={rotating ? 'off' : 'polite'}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
      >
        {items.map((item, i) => (
          <div
            key={item.key}
            className="home-carousel__slide"
            role="group"
            aria-roledescription={text.roleSlide}
            aria-label={text.position(i + 1, total)}
            hidden={i !== index}
          >
            <picture>
              {item.sources.map((source) => (
                <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={CAROUSEL_SIZES} />
              ))}
              {/* Hidden slides are display:none, so their lazy images are fetched only when shown. */}
              <img
                className="home-carousel__image"
                src={item.fallbackSrc}
                alt={item.alt}
                width={item.width}
                height={item.height}
                loading="lazy"
                decoding="async"
              />
            </picture>
            {(item.heading || item.text || item.link) && (
              <div className="home-carousel__caption">
                {item.heading && <p className="home-carousel__heading">{item.heading}</p>}
                {item.text && <p className="home-carousel__text">{item.text}</p>}
                {item.link && (
                  <a
                    className="btn btn-light btn-sm home-carousel__link"
                    href={item.link}
                    aria-label={item.heading ? `${text.learnMore}: ${item.heading}` : undefined}
                  >
                    {text.learnMore}
                  </a>
                )}
              </div>
            )}
          </div>
        ))}
      </div>
    </section>
  );
}
