import { paths } from '../../../config/paths';

/**
 * /editApplication carries the id in its query (?id=…) besides the navigation state, so a reload
 * or a bookmark can load the application by id (DESIGN.md §5) instead of bouncing to the list.
 */
export const editApplicationPath = (id: string) => `${paths.editApplication}?id=${encodeURIComponent(id)}`;
