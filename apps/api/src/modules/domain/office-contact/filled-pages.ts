import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { type Compressed, compress } from '@visa/shared/compression';
import { OfficeContactSchema, toOfficeContactView } from '@visa/shared/office-contact';
import {
  type ContactLanguage,
  type ContactPlace,
  EMPTY_SLOT,
  type OfficeContactView,
  isContactEmpty,
  officeContactDataScript,
  renderOfficeContact,
} from '@visa/shared/office-contact-view';
import type { Db } from '../../../db/connection.js';
import { getSettingText } from '../../kernel/settings/repository.js';

/** One built page with the contact filled in, in each form a browser may ask for. */
interface FilledPage extends Compressed {
  plain: Buffer;
  /** Changes whenever the bytes do; the encoding is appended per form. */
  tag: string;
}

/**
 * The page's HTML with the contact details in every empty slot and the data block the component
 * reads before `</body>` (ADR 0025). The slots are the ones `<OfficeContact>` prerendered empty.
 * With no contact set the slots stay empty and the block says so (`null`): a page without the
 * block was not served by this server, and only then does the component ask the API.
 */
function fillPage(html: string, view: OfficeContactView | null): string {
  const filled = html.replace(
    EMPTY_SLOT,
    (_match, open: string, place: ContactPlace, language: ContactLanguage, close: string) =>
      `${open}${renderOfficeContact(view, language, place)}${close}`,
  );
  const end = filled.lastIndexOf('</body>');
  const data = officeContactDataScript(view);
  return end === -1 ? filled + data : `${filled.slice(0, end)}${data}${filled.slice(end)}`;
}

/**
 * More that some pages are filled with (the privacy notice, ADR 0053): `key` names the version the
 * page needs, read on every request for it, and `fill` puts it into the page's HTML.
 */
export interface PageFiller {
  state(file: string): Promise<{ key: string; fill(html: string): string }>;
}

/**
 * The prerendered pages with the office's contact, built once per version of the setting and per
 * process (ADR 0025). The version is the stored text itself, read on every page request (one
 * primary-key lookup): a change saved through any process is seen by every process at its next
 * page, with nothing to invalidate by hand.
 */
export function createFilledPages(db: Db, root: string, filler?: PageFiller) {
  let version: string | null = null;
  let view: OfficeContactView | null = null;
  let pages = new Map<string, { key: string; page: Promise<FilledPage> }>();

  const build = async (file: string, current: OfficeContactView | null, more: (html: string) => string): Promise<FilledPage> => {
    const html = await fs.readFile(path.join(root, file), 'utf8');
    const plain = Buffer.from(fillPage(more(html), current));
    // The same compression as the .br and .gz twins the build writes of the files served as built.
    return { plain, ...(await compress(plain)), tag: createHash('sha256').update(plain).digest('base64url').slice(0, 22) };
  };

  return {
    /** `file` is relative to the build root and known to exist. */
    async page(file: string): Promise<FilledPage> {
      const stored = await getSettingText(db, 'officeContact');
      if (stored !== version) {
        version = stored;
        pages = new Map();
        const parsed = stored === null ? null : OfficeContactSchema.safeParse(safeJson(stored));
        const next = parsed?.success ? toOfficeContactView(parsed.data) : null;
        view = isContactEmpty(next) ? null : next;
      }
      const extra = filler ? await filler.state(file) : { key: '', fill: (html: string) => html };
      let filled = pages.get(file);
      if (!filled || filled.key !== extra.key) {
        const entry = { key: extra.key, page: build(file, view, extra.fill) };
        filled = entry;
        pages.set(file, entry);
        // A failed build is not kept: the next request tries again.
        entry.page.catch(() => pages.get(file) === entry && pages.delete(file));
      }
      return filled.page;
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // Written only by setSetting, so never seen in practice; an unreadable value means "not set".
    return null;
  }
}
