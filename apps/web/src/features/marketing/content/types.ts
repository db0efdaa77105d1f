/** One titled item: a step, a service, a tip. */
export interface Item {
  title: string;
  text: string;
}

interface PageMetaCopy {
  title: string;
  description: string;
}

/** The landing page, section by section, in the order the page shows them. */
export interface HomeCopy {
  meta: PageMetaCopy;
  hero: { title: string; subtitle: string; lead: string; cta: string; pauseVideo: string; playVideo: string };
  corporate: { heading: string; intro: string; items: Item[] };
  howWeWork: { heading: string; intro: string; steps: Item[] };
  approval: { heading: string; intro: string; items: Item[]; note: string };
  gallery: { heading: string };
  /** `href` is the official Government of Canada site; it opens in a new tab. */
  eligibility: { heading: string; text: string; link: string; href: string };
  process: { heading: string; intro: string; steps: Item[] };
  timing: { heading: string; processing: string; delivery: string; caveat: string };
}

/** A block of a text page: paragraphs, then an optional list. */
interface DocumentSection {
  id: string;
  heading: string;
  paragraphs: string[];
  list?: string[];
}

/** Terms and About: a title, a lead paragraph and sections. */
export interface ArticleCopy {
  meta: PageMetaCopy;
  title: string;
  lead: string;
  updated?: string;
  sections: DocumentSection[];
  cta?: { text: string; label: string };
}
