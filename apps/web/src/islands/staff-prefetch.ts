/**
 * The staff page a sign-in leads to is a full page load from the islands sign-in pages (ADR 0050).
 * Its scripts (the staff shell's and that page's routes') are listed in the page's HTML by the
 * build step scripts/build-steps/staff-scripts.mjs; once the password was right and the second
 * factor is being typed, they are asked for as low-priority prefetches, so the staff page finds
 * them in the cache. Nothing is fetched before that moment: they are not part of this page's load.
 */
interface StaffScripts {
  files: string[];
  shell: number[];
  routes: [pattern: string, files: number[]][];
}

const prefetched = new Set<string>();

const listed = (): StaffScripts | null => {
  const json = document.getElementById('staff-scripts')?.textContent;
  if (!json) return null;
  try {
    return JSON.parse(json) as StaffScripts;
  } catch {
    return null;
  }
};

/** Prefetches the scripts the staff page at `page` (a path, perhaps with a query) will load. */
export function prefetchStaffPage(page: string) {
  const scripts = listed();
  if (!scripts) return;
  const pathname = page.split(/[?#]/)[0] ?? page;
  const route = scripts.routes.find(([pattern]) => new RegExp(pattern).test(pathname));
  for (const index of [...scripts.shell, ...(route?.[1] ?? [])]) {
    const href = scripts.files[index];
    if (href === undefined || prefetched.has(href)) continue;
    prefetched.add(href);
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = href;
    document.head.append(link);
  }
}
