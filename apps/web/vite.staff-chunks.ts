import type { Plugin } from 'vite';

/**
 * The staff pages' scripts in a few chunks instead of fifty (ADR 0057). Left to itself the bundler
 * makes a chunk for every set of pages that shares a module, so a staff page loaded 42–60 files of
 * a kilobyte or so each; on a phone's HTTP/1.1 connection (six at a time, a round trip each) the
 * round trips, not the bytes, decided when the page appeared. Here every module all staff pages
 * load goes into one chunk (`staff`), every other module at least `SHARED_BY` of them load into a
 * second (`staff-shared`), and the rest stays with its page. A page then loads about a dozen files,
 * some kilobytes of the second chunk it does not use among them.
 */
const SHARED_BY = 4;

/** The modules every staff page runs whatever the page: the entry, the root and its two layouts. */
const SHELL = /[\\/]src[\\/]app[\\/](root\.tsx|entry\.client\.tsx|routes[\\/]with-data\.tsx|routes[\\/]admin[\\/]layout\.tsx)$/;
/** A staff page's own route module (the staff layout is in SHELL). */
const STAFF_PAGE = /[\\/]src[\\/]app[\\/]routes[\\/]admin[\\/](?!layout\.tsx)[^\\/?]+\.tsx($|\?)/;
/** Route modules keep chunks of their own: React Router's manifest names them. */
const ROUTE_MODULE = /[\\/]src[\\/]app[\\/](root\.tsx|entry\.client\.tsx|routes[\\/])/;

/** How many staff pages load each module statically, counted once the module graph is complete. */
const pagesUsing = new Map<string, number>();
let staffPages = 0;

export const staffChunks: Plugin = {
  name: 'visa-staff-chunks',
  apply: 'build',
  buildEnd() {
    pagesUsing.clear();
    const ids = [...this.getModuleIds()];
    const shell = ids.filter((id) => SHELL.test(id));
    const pages = ids.filter((id) => STAFF_PAGE.test(id) && this.getModuleInfo(id)?.isEntry);
    staffPages = pages.length;
    for (const page of pages) {
      const seen = new Set<string>();
      const stack = [page, ...shell];
      while (stack.length > 0) {
        const id = stack.pop() as string;
        if (seen.has(id)) continue;
        seen.add(id);
        stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
      for (const id of seen) pagesUsing.set(id, (pagesUsing.get(id) ?? 0) + 1);
    }
  },
};

const used = (id: string) => (ROUTE_MODULE.test(id) ? 0 : (pagesUsing.get(id) ?? 0));

/**
 * The two largest libraries every staff page loads, each in a chunk of its own (ADR 0076): React
 * Router (the app's navigation) and zod (the shared schemas the app parses answers with). Neither
 * takes part in the first paint, which is the shell's frame in HTML and CSS; kept out of `staff`,
 * they load beside it, and the shell asks for them behind the stylesheet.
 */
const LIBRARIES = [{ name: 'staff-libraries', path: /[\\/]node_modules[\\/](react-router|@react-router|zod)[\\/]/ }];

/** The groups for the client build's `output.codeSplitting` (read when chunks are made, after buildEnd). */
export const staffChunkGroups = [
  ...LIBRARIES.map(({ name, path }) => ({ name, priority: 3, test: (id: string) => staffPages > 0 && path.test(id) && used(id) > 0 })),
  { name: 'staff', priority: 2, test: (id: string) => staffPages > 0 && used(id) === staffPages },
  { name: 'staff-shared', priority: 1, test: (id: string) => used(id) >= SHARED_BY && used(id) < staffPages },
];
