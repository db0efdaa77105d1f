import type { Slide } from '@visa/shared/slides';

/*
 * The slide list's rules, as pure updates of the cached list. Each is applied only when the
 * call has succeeded (never while it is pending or after it failed), and leaves a list that has
 * not been loaded yet alone so that its first fetch is not pre-empted.
 */

/** A successful add appends the returned item. */
export const appendSlide = (list: Slide[] | undefined, created: Slide): Slide[] | undefined => (list ? [...list, created] : list);

/** A successful update replaces the item with the same _id. */
export const replaceSlide = (list: Slide[] | undefined, updated: Slide): Slide[] | undefined =>
  list?.map((slide) => (slide._id === updated._id ? updated : slide));

/** A successful delete removes the item with the sent _id. */
export const removeSlide = (list: Slide[] | undefined, sentId: string): Slide[] | undefined =>
  list?.filter((slide) => slide._id !== sentId);
