import { type ComponentChild, hydrate, render } from 'preact';
import type { ReactNode } from 'react';

/**
 * Preact hydrates into a parent's children. An island is one element among its siblings (the
 * navbar's <header> beside <main>), so it gets a stand-in parent whose only child is that element;
 * insertions go to the real parent, in its place. The components are typed with React's types and
 * rendered by preact/compat (ADR 0029), hence the cast.
 */
const standInParent = (element: Element) => {
  const parent = element.parentNode as ParentNode & Node;
  const next = element.nextSibling;
  const insert = (child: Node, before?: Node | null) => parent.insertBefore(child, before ?? next);
  return {
    nodeType: 1,
    namespaceURI: element.namespaceURI,
    parentNode: parent,
    firstChild: element,
    childNodes: [element],
    insertBefore: insert,
    appendChild: insert,
    removeChild: (child: Node) => parent.removeChild(child),
  } as unknown as Element;
};

/** Gives the prerendered element its behaviour: the same component, rendered by Preact over it. */
export const hydrateIsland = (element: Element | null, node: ReactNode) => {
  if (element) hydrate(node as ComponentChild, standInParent(element));
};

/** Renders a component that has no prerendered markup (it shows only later) at the end of `parent`. */
export const appendIsland = (parent: Element, node: ReactNode) => {
  const host = document.createElement('div');
  parent.append(host);
  render(node as ComponentChild, host);
};
