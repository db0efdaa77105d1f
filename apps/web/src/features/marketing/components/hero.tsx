import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import heroMp4 from '../assets/hero.mp4';
import posterUrl from '../assets/hero-poster.webp';
import heroWebm from '../assets/hero.webm';
import type { HomeCopy } from '../content/types';

interface NetworkInformation {
  saveData?: boolean;
}

/**
 * Whether the decorative video may load: not for visitors who prefer reduced motion (they keep
 * the still poster) nor for those who asked their browser to save data.
 */
const mayPlay = () =>
  !window.matchMedia('(prefers-reduced-motion: reduce)').matches &&
  !(navigator as Navigator & { connection?: NetworkInformation }).connection?.saveData;

/**
 * The landing hero: a muted, looping, inline background video behind 'CANADIAN VISA'. The
 * prerendered HTML carries the text and the poster only; the video's sources are attached once the
 * page has loaded and the browser is idle, so they never compete with the content. A pause button
 * meets WCAG 2.2.2 for moving content.
 */
export function Hero({ copy, enquiryPath }: { copy: HomeCopy['hero']; enquiryPath: string }) {
  const video = useRef<HTMLVideoElement>(null);
  const [sources, setSources] = useState(false);
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    if (!mayPlay()) return;
    let cancelled = false;
    let idle = 0;
    const attach = () => {
      if (cancelled) return;
      const ric = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 200));
      idle = ric(() => !cancelled && setSources(true));
    };
    if (document.readyState === 'complete') attach();
    else window.addEventListener('load', attach, { once: true });
    return () => {
      cancelled = true;
      window.removeEventListener('load', attach);
      window.cancelIdleCallback?.(idle);
    };
  }, []);

  useEffect(() => {
    const element = video.current;
    if (!sources || !element) return;
    element.muted = true;
    element.play().catch(() => setPlaying(false));
    const motion = window.matchMedia('(prefers-reduced-motion: reduce)');
    const onChange = () => {
      if (motion.matches) element.pause();
    };
    motion.addEventListener('change', onChange);
    return () => motion.removeEventListener('change', onChange);
  }, [sources]);

  const toggle = () => {
    const element = video.current;
    if (!element) return;
    if (element.paused) element.play().catch(() => setPlaying(false));
    else element.pause();
  };

  return (
    <section className="hero" aria-labelledby="hero-title">
      <video
        ref={video}
        className="hero-video"
        poster={posterUrl}
        muted
        loop
        playsInline
        preload="none"
        aria-hidden="true"
        tabIndex={-1}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
      >
        {sources && <source src={heroWebm} type="video/webm" />}
        {sources && <source src={heroMp4} type="video/mp4" />}
      </video>
      <div className="hero-shade" aria-hidden="true" />
      <div className="container hero-content">
        <h1 id="hero-title" className="hero-title">
          {copy.title}
        </h1>
        <p className="hero-subtitle">{copy.subtitle}</p>
        <p className="hero-lead">{copy.lead}</p>
        <Link className="btn btn-light btn-lg hero-cta" to={enquiryPath}>
          {copy.cta}
        </Link>
      </div>
      {sources && (
        <button type="button" className="btn btn-sm btn-outline-light hero-pause" onClick={toggle}>
          {playing ? copy.pauseVideo : copy.playVideo}
        </button>
      )}
    </section>
  );
}
