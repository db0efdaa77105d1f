import type { Plugin } from 'vite';

/**
 * The staff pages' scripts in a few chunks instead of fifty (ADR 0057). Left to itself the bundler
 * makes a chunk for every set of pages that shares a module, so a staff page loaded 42–60 files of
 * a kilobyte or so each; on a phone's HTTP/1.1 connection (six at a time, a round trip each) the
 * round trips, not the bytes, decided when the page appeared. Here every module all staff pages
 * load goes into one chunk (`staff`), every other module at least `SHARED_BY` of them load into a
 * second (`staff-shared`), and the rest stays with its page. A page then loads about a dozen files,
 * some kilobytes of the second chunk it does not use among them.
 *
 * A chunk runs every module in it as it loads, so the shared modules that build zod schemas as
 * they are evaluated are kept out of `staff-shared` (ADR 0111): those at least `SCHEMAS_SHARED_BY`
 * pages load go into `staff-schemas`, and a page that builds no schema as it starts (the
 * dashboard, My work, the reports) loads neither them nor zod.
 *
 * The pages that start without zod share their small modules (ADR 0117): a module of at most
 * `SMALL_MODULE` characters that two or three of them load, and no page that starts with zod,
 * goes into `staff-light` with the others like it, instead of a file of its own. The dashboard
 * started with eight such files of about a kilobyte each; the form pages, at their budget, load
 * none of the chunk.
 */
const SHARED_BY = 4;
const SCHEMAS_SHARED_BY = 2;
const SMALL_MODULE = 3000;

/** The modules every staff page runs whatever the page: the entry, the root and its two layouts. */
const SHELL = /[\\/]src[\\/]app[\\/](root\.tsx|entry\.client\.tsx|routes[\\/]with-data\.tsx|routes[\\/]admin[\\/]layout\.tsx)$/;
/** A staff page's own route module (the staff layout is in SHELL). */
const STAFF_PAGE = /[\\/]src[\\/]app[\\/]routes[\\/]admin[\\/](?!layout\.tsx)[^\\/?]+\.tsx($|\?)/;
/** Route modules keep chunks of their own: React Router's manifest names them. */
const ROUTE_MODULE = /[\\/]src[\\/]app[\\/](root\.tsx|entry\.client\.tsx|routes[\\/])/;

/** How many staff pages load each module statically, counted once the module graph is complete. */
const pagesUsing = new Map<string, number>();
let staffPages = 0;
/** The modules that import zod itself: evaluating one builds its schemas. */
const buildsSchemas = new Set<string>();
/** The modules some staff page that starts with zod loads. */
const onZodPages = new Set<string>();
/** The modules that go into `staff-light`. */
const light = new Set<string>();

export const staffChunks: Plugin = {
  name: 'visa-staff-chunks',
  apply: 'build',
  buildEnd() {
    pagesUsing.clear();
    onZodPages.clear();
    buildsSchemas.clear();
    const ids = [...this.getModuleIds()];
    for (const id of ids)
      if (!LIBRARIES.zod.test(id) && this.getModuleInfo(id)?.importedIds.some((i) => LIBRARIES.zod.test(i))) buildsSchemas.add(id);
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
      if ([...seen].some((id) => LIBRARIES.zod.test(id))) for (const id of seen) onZodPages.add(id);
    }
    chooseLight(ids, (id) => this.getModuleInfo(id));
  },
};

/**
 * The small modules only the pages without zod share, less any that imports a module this chunk
 * would otherwise drag in with it (a group takes what its modules import): only what every page
 * loads, `staff-shared`, React Router and the chunk's own modules may stay outside it.
 */
function chooseLight(ids: string[], info: (id: string) => { code: string | null; importedIds: readonly string[] } | null) {
  light.clear();
  for (const id of ids) {
    const code = info(id)?.code;
    const candidate = used(id) >= 2 && used(id) < SHARED_BY && !onZodPages.has(id) && !buildsSchemas.has(id);
    if (candidate && !NODE_MODULES.test(id) && code != null && code.length <= SMALL_MODULE) light.add(id);
  }
  const inPlace = (id: string) => used(id) === staffPages || inStaffShared(id) || LIBRARIES.router.test(id) || light.has(id);
  for (let dropped = true; dropped;) {
    dropped = false;
    for (const id of light)
      if (!(info(id)?.importedIds ?? []).every(inPlace)) {
        light.delete(id);
        dropped = true;
      }
  }
}

const used = (id: string) => (ROUTE_MODULE.test(id) ? 0 : (pagesUsing.get(id) ?? 0));
/** Loaded by at least `by` staff pages, not by all. */
const shared = (id: string, by = SHARED_BY) => used(id) >= by && used(id) < staffPages;

/**
 * The largest libraries, each in a chunk of its own (ADR 0076, ADR 0111): React Router (the app's
 * navigation), zod (the schemas the app parses answers and forms with) and React Hook Form with its
 * zod resolver (the forms). None takes part in the first paint, which is the shell's frame in HTML
 * and CSS; kept out of `staff`, they load beside it, behind the stylesheet. Only React Router is on
 * every page's start: zod and the forms come with the pages that build a schema or show a form, and
 * otherwise with the first answer the frame reads (the session's, the count of files to review),
 * whose schemas share zod's chunk (`SMALL_SCHEMAS`) rather than adding requests.
 */
const LIBRARIES = {
  router: /[\\/]node_modules[\\/](react-router|@react-router)[\\/]/,
  zod: /[\\/]node_modules[\\/]zod[\\/]/,
  forms: /[\\/]node_modules[\\/](react-hook-form|@hookform[\\/]resolvers)[\\/]/,
};
/**
 * Small schemas that go with zod rather than into a chunk of their own: the two the staff frame
 * imports when its first background answers come. (The list checks its search without zod, ADR 0116.)
 */
const SMALL_SCHEMAS = /([\\/]packages[\\/]shared[\\/]src[\\/]session|[\\/]documents-to-review-answer)\.ts$/;

/**
 * The groups for the client build's `output.codeSplitting` (read when chunks are made, after
 * buildEnd). A group also takes the modules its captured ones import, so the order matters: what
 * every page runs and the shared modules without schemas are taken first, before zod's group (with
 * the small schemas that join it) or a form's resolver could take them along.
 */
const isLibrary = (id: string) => Object.values(LIBRARIES).some((path) => path.test(id));
const NODE_MODULES = /[\\/]node_modules[\\/]/;
const inStaffShared = (id: string) => shared(id) && !buildsSchemas.has(id) && !isLibrary(id);
const library = (path: RegExp) => (id: string) => staffPages > 0 && path.test(id) && used(id) > 0;
export const staffChunkGroups = [
  { name: 'staff-libraries', priority: 6, test: library(LIBRARIES.router) },
  { name: 'staff', priority: 5, test: (id: string) => staffPages > 0 && used(id) === staffPages },
  { name: 'staff-shared', priority: 4, test: inStaffShared },
  { name: 'staff-light', priority: 4, test: (id: string) => light.has(id) },
  { name: 'staff-zod', priority: 3, test: (id: string) => library(LIBRARIES.zod)(id) || (staffPages > 0 && SMALL_SCHEMAS.test(id)) },
  { name: 'staff-forms', priority: 2, test: library(LIBRARIES.forms) },
  { name: 'staff-schemas', priority: 1, test: (id: string) => shared(id, SCHEMAS_SHARED_BY) && buildsSchemas.has(id) },
];
