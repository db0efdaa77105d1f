/** The home-page carousel (spec §1): published slides, or four built-in pictures. Filled in by the slides feature. */
export function HomeCarousel() {
  return null;
}
