import { useEffect, useState } from 'react';
import { apiUrl } from '@visa/shared/api-paths';
import { OFFICE_CONTACT_DATA_ID, type OfficeContactView } from '@visa/shared/office-contact-view';

/**
 * The office's contact details on the client (ADR 0025). The server puts them into every page it
 * serves as a JSON block (`null` when none are set), beside the HTML it filled in from the same
 * data, so the first render here matches that HTML. A page without the block was not served by
 * our server (the dev server): only then are they asked of the API.
 */
let newer: OfficeContactView | null | undefined;

/** undefined: this page has no block and nothing newer is known. */
function known(): OfficeContactView | null | undefined {
  // Prerendering at build time: nobody knows the contact yet; the server fills it in later.
  if (typeof document === 'undefined') return null;
  if (newer !== undefined) return newer;
  const block = document.getElementById(OFFICE_CONTACT_DATA_ID);
  if (!block) return undefined;
  try {
    return JSON.parse(block.textContent ?? 'null') as OfficeContactView | null;
  } catch {
    // The server writes the block with JSON.stringify; anything else is not ours to show.
    return null;
  }
}

/** After the owner saves, pages rendered from now on in this tab show the new details. */
export const rememberOfficeContact = (contact: OfficeContactView) => {
  newer = contact;
};

export function useOfficeContact(): OfficeContactView | null {
  const [contact, setContact] = useState(() => known() ?? null);
  useEffect(() => {
    if (known() !== undefined) return;
    let live = true;
    fetch(apiUrl('getOfficeContact'))
      .then((res) => (res.ok ? (res.json() as Promise<OfficeContactView>) : null))
      .then((fetched) => {
        if (!fetched) return;
        newer = fetched;
        if (live) setContact(fetched);
      })
      // Without the contact the page is still whole: the block simply does not show.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return contact;
}
