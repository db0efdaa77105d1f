import { paths } from './paths';

/*
 * Links to one application or slide on the staff pages. Apart from the path table, which the
 * public pages load too, so they do not carry these.
 */

const withId = (path: string, id: string) => `${path}?id=${encodeURIComponent(id)}`;

export const applicationFilePath = (id: string) => paths.applicationFileById.replace(':id', encodeURIComponent(id));

/** The id travels in the query besides the navigation state, so a reload or a bookmark can load it. */
export const applicationEditPath = (id: string) => withId(paths.applicationEdit, id);
export const slideEditPath = (id: string) => withId(paths.slideEdit, id);

/** The application list narrowed to applications with files waiting for review (ADR 0069): a fixed word, nothing of anyone's. */
export const documentsWaitingPath = `${paths.applicationList}?${new URLSearchParams({ documents: 'waiting' })}`;
