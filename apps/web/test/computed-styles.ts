/**
 * jsdom works out an element's computed style from scratch on every call, running each rule of
 * its built-in stylesheet against it. Testing Library asks for it again and again: a role query
 * checks every candidate and each of its ancestors for being hidden, and an accessible name
 * checks every node it reads. Until the document changes, the answer cannot change (the app's
 * stylesheets are not loaded in these tests: css: false), so it is kept per element and dropped at
 * the first change to the document: any node, attribute (a `style` or `hidden` set) or text.
 * Installed once per window; a worker's files share theirs (shared-window.ts).
 */
export function rememberComputedStyles(): void {
  const view = typeof document === 'undefined' ? null : document.defaultView;
  if (!view || REMEMBERED.has(view)) return;
  REMEMBERED.add(view);
  const compute = view.getComputedStyle.bind(view);
  let styles = new WeakMap<Element, CSSStyleDeclaration>();
  // A change is seen either way: in the records not yet delivered (takeRecords, below), or in the
  // delivery itself, which empties them.
  const changes = new view.MutationObserver(() => (styles = new WeakMap()));
  changes.observe(view.document, { subtree: true, childList: true, attributes: true, characterData: true });
  const remembered = (element: Element, pseudo?: string | null): CSSStyleDeclaration => {
    // A pseudo-element's style, or one of an element outside the document (whose changes the
    // observer does not see), is worked out each time.
    if (pseudo || !element.isConnected) return compute(element, pseudo);
    if (changes.takeRecords().length > 0) styles = new WeakMap();
    let style = styles.get(element);
    if (!style) {
      style = compute(element);
      styles.set(element, style);
    }
    return style;
  };
  view.getComputedStyle = remembered;
  globalThis.getComputedStyle = remembered;
}

const REMEMBERED = new WeakSet<object>();
