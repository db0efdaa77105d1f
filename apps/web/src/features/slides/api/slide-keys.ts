/**
 * How the slides' data is cached. Kept apart from the calls so that the home page's carousel can
 * use them without downloading the staff HTTP client.
 */
export const slideKeys = {
  all: ['slides'] as const,
  /** The staff list: every slide, with the signed-in member's token. */
  list: () => [...slideKeys.all, 'list'] as const,
  /** What visitors see on the home page. */
  published: () => [...slideKeys.all, 'published'] as const,
  one: (id: string) => [...slideKeys.all, 'one', id] as const,
};
