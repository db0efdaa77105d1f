/**
 * The plain-text and HTML parts of an email, and the escaping between them: applicant notices and
 * staff emails alike are assembled with these.
 */

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Names come from staff input: strip line breaks so they can never inject headers or fake paragraphs. */
export const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, ' ').trim();

export const HTML_OPEN = ['<!doctype html>', '<html><body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">'];
export const HTML_CLOSE = '</body></html>';

/** A one-language email: each line a paragraph. */
export const htmlParagraphs = (lines: readonly string[], render = (line: string) => `<p>${escapeHtml(line)}</p>`) =>
  [...HTML_OPEN, ...lines.map(render), HTML_CLOSE].join('\n');
