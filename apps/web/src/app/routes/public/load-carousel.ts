/**
 * Imports the carousel (and the query client it needs) only when called: the home pages call it
 * when the visitor scrolls near the carousel (ADR 0010). One module-level function, so the lazy
 * component it feeds is created once.
 */
export const loadHomeCarousel = () => import('./carousel-slot').then((m) => m.default);
