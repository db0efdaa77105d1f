import { afterAll } from 'vitest';

/**
 * Globals a package keeps its state in: the package stays loaded from one file to the next (only the
 * app's own modules are loaded again), so its global must stay too. zod adopts
 * `__zod_globalConfig` when first evaluated, and lib/zod-jitless.ts sets its option there: taken
 * away after the file that first loaded zod, the next file's option would go to an object zod no
 * longer reads.
 */
const KEPT_GLOBALS = new Set(['__zod_globalConfig']);

/**
 * The web files of a worker share one jsdom window (isolate: false in vitest.config.ts). Called
 * from the setup file, before a file's own imports: what the file then puts on the window or on
 * URL (a matchMedia, object URLs, the harness's fetch and typed arrays) and leaves in the document
 * (markup written straight into the body or the head, the page's address, attributes on <html> and
 * <body>, the tab's session storage) is gone when it ends, so the next file starts from jsdom's own
 * window, as it would alone. The window's properties are accessors onto jsdom's window, so values
 * are compared, not only descriptors.
 */
export function restoreTheWindowAfterTheFile(): void {
  const shared = [globalThis, URL] as const;
  const before = shared.map((target) => {
    const own = Object.getOwnPropertyDescriptors(target) as Record<PropertyKey, PropertyDescriptor>;
    return new Map(Reflect.ownKeys(own).map((key) => [key, { descriptor: own[key]!, value: read(target, key) }]));
  });
  const page = typeof document === 'undefined' ? null : snapshotPage();
  afterAll(() => {
    if (page) restorePage(page);
    shared.forEach((target, i) => {
      const was = before[i]!;
      for (const key of Reflect.ownKeys(target)) {
        if (typeof key === 'string' && (key.startsWith('__vitest') || KEPT_GLOBALS.has(key))) continue;
        const then = was.get(key);
        const now = Object.getOwnPropertyDescriptor(target, key)!;
        if (!then) {
          if (now.configurable) Reflect.deleteProperty(target, key);
        } else if (now.get !== then.descriptor.get || now.set !== then.descriptor.set || now.value !== then.descriptor.value) {
          if (now.configurable) Object.defineProperty(target, key, then.descriptor);
        } else if (now.set && read(target, key) !== then.value) {
          Reflect.set(target, key, then.value);
        }
      }
    });
  });
}

function read(target: object, key: PropertyKey): unknown {
  try {
    return Reflect.get(target, key);
  } catch {
    return undefined;
  }
}

const pageElements = () => [document.documentElement, document.body];

function snapshotPage() {
  return {
    head: document.head.innerHTML,
    address: window.location.href,
    attributes: pageElements().map((element) => element.getAttributeNames().map((name) => [name, element.getAttribute(name)!] as const)),
  };
}

function restorePage(page: ReturnType<typeof snapshotPage>): void {
  document.body.replaceChildren();
  if (document.head.innerHTML !== page.head) document.head.innerHTML = page.head;
  pageElements().forEach((element, i) => {
    for (const name of element.getAttributeNames()) element.removeAttribute(name);
    for (const [name, value] of page.attributes[i]!) element.setAttribute(name, value);
  });
  if (window.location.href !== page.address) window.history.replaceState(null, '', page.address);
  window.sessionStorage.clear();
}
