import path from 'node:path';

/**
 * The rules the decision records in docs/decisions keep, as a pure function over their text so that
 * a test can show each rule refusing a planted record without touching the folder.
 *
 * A record is `NNNN-words.md` and starts with `# NNNN …`. Its header (everything before the first
 * `## ` heading) holds one `Status:` line, short enough to read at a glance, that names the records
 * amending or superseding it ("amended by [0018](0018-session-limits.md), …"); what each amendment
 * changed is a line of the `## Amendments` list below the header. The amending record says so in a
 * header paragraph that starts with `Amends` (or `Supersedes`) and links every record it changes, so
 * each relation can be followed from both ends.
 */

export const STATUS_MAX_LENGTH = 200;

export interface DecisionFile {
  /** The file name inside docs/decisions. */
  name: string;
  text: string;
}

type Relation = 'amends' | 'supersedes';

interface ParsedRecord {
  number: string;
  name: string;
  /** Records this one's Status line says amend or supersede it. */
  changedBy: Record<Relation, Set<string>>;
  /** Records this one's header says it amends or supersedes. */
  changes: Record<Relation, Set<string>>;
  /** Records linked from its `## Amendments` list. */
  amendmentsListed: Set<string>;
}

const RECORD_NAME = /^(\d{4})-[a-z0-9-]+\.md$/;
const INLINE_LINK = /!?\[([^\]]*)\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;
const REFERENCE_DEFINITION = /^ {0,3}\[([^\]]+)\]:\s*(\S+)/gm;

/** The text with code blocks and code spans blanked, so that an example of a link is not read as one. */
function withoutCode(text: string): string {
  return text
    .replace(/^```[\s\S]*?^```/gm, (block) => block.replace(/[^\n]/g, ' '))
    .replace(/`[^`\n]*`/g, (span) => ' '.repeat(span.length));
}

/** Reference definitions (`[label]: target`), by lower-cased label. */
function referenceTargets(text: string): Map<string, string> {
  const targets = new Map<string, string>();
  for (const match of text.matchAll(REFERENCE_DEFINITION)) targets.set(match[1]!.toLowerCase(), match[2]!);
  return targets;
}

interface Link {
  label: string;
  target: string;
  index: number;
}

/** Inline links, and shortcut or full reference links whose label is defined in the same file. */
function linksIn(text: string, references: Map<string, string>): Link[] {
  const links: Link[] = [];
  for (const match of text.matchAll(INLINE_LINK)) links.push({ label: match[1]!, target: match[2]!, index: match.index });
  // What is left once inline links and definition lines are blanked can only be a reference link.
  const rest = text
    .replace(INLINE_LINK, (whole) => ' '.repeat(whole.length))
    .replace(REFERENCE_DEFINITION, (whole) => ' '.repeat(whole.length));
  for (const match of rest.matchAll(/\[([^\]]+)\](?:\[([^\]]*)\])?/g)) {
    const target = references.get((match[2] || match[1]!).toLowerCase());
    if (target !== undefined) links.push({ label: match[1]!, target, index: match.index });
  }
  return links.sort((a, b) => a.index - b.index);
}

/** The record number a link points at, when it points at a record of the same folder. */
function recordOf(target: string): string | undefined {
  const file = target.split('#')[0]!;
  if (file.includes('/') && !file.startsWith('./')) return undefined;
  return RECORD_NAME.exec(path.posix.basename(file))?.[1];
}

const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');

/**
 * Every rule broken by the records given, one sentence each; none when all hold.
 * `fileExists` answers for a path relative to docs/decisions that stays inside the repository.
 */
export function checkDecisionRecords(
  files: DecisionFile[],
  fileExists: (relativePath: string) => boolean,
  /** How many folders docs/decisions lies below the repository's root: a link may not climb above it. */
  depthInRepository = 2,
): string[] {
  const problems: string[] = [];
  const records = new Map<string, ParsedRecord>();
  const names = new Set(files.map((file) => file.name));

  for (const file of files) {
    const numbered = RECORD_NAME.exec(file.name);
    if (!numbered) {
      problems.push(`${file.name}: not named NNNN-words.md`);
      continue;
    }
    const number = numbered[1]!;
    const earlier = records.get(number);
    if (earlier) problems.push(`${file.name}: number ${number} is also ${earlier.name}'s`);
    const record = parseRecord(file, number, problems);
    if (!earlier) records.set(number, record);
  }

  for (const file of files) checkLinks(file, names, fileExists, depthInRepository, problems);

  for (const record of records.values()) {
    for (const relation of ['amends', 'supersedes'] as const) {
      const said = relation === 'amends' ? 'amended by' : 'superseded by';
      const saying = relation === 'amends' ? 'Amends' : 'Supersedes';
      for (const other of record.changedBy[relation]) {
        const changer = records.get(other);
        if (!changer) continue; // the broken link is reported with the links
        if (!changer.changes[relation].has(record.number)) {
          problems.push(
            `${changer.name}: ${record.name} says "${said} ${other}", but ${other}'s header has no "${saying} [${record.number}](…)"`,
          );
        }
        if (relation === 'amends' && !record.amendmentsListed.has(other)) {
          problems.push(`${record.name}: amended by ${other}, but its "## Amendments" list does not say what ${other} changed`);
        }
      }
      for (const other of record.changes[relation]) {
        const changed = records.get(other);
        if (!changed) continue;
        if (!changed.changedBy[relation].has(record.number)) {
          problems.push(
            `${changed.name}: ${record.name} ${saying.toLowerCase()} ${other}, but ${other}'s Status line does not say "${said} [${record.number}](…)"`,
          );
        }
      }
    }
  }
  return problems;
}

function parseRecord(file: DecisionFile, number: string, problems: string[]): ParsedRecord {
  const record: ParsedRecord = {
    number,
    name: file.name,
    changedBy: { amends: new Set(), supersedes: new Set() },
    changes: { amends: new Set(), supersedes: new Set() },
    amendmentsListed: new Set(),
  };
  const text = withoutCode(file.text);
  const references = referenceTargets(text);
  const lines = text.split('\n');

  const title = /^# (\d{4})\b/.exec(lines[0] ?? '');
  if (!title) problems.push(`${file.name}: the first line is not "# ${number} …"`);
  else if (title[1] !== number) problems.push(`${file.name}: the title says ${title[1]}, the file name ${number}`);

  const headingAt = lines.findIndex((line) => line.startsWith('## '));
  const header = lines.slice(0, headingAt === -1 ? lines.length : headingAt);
  const paragraphs = header
    .join('\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);

  const statuses = paragraphs.flatMap((paragraph) => paragraph.split('\n')).filter((line) => line.startsWith('Status:'));
  if (statuses.length !== 1) problems.push(`${file.name}: ${statuses.length} Status lines in the header, not one`);
  const statusParagraph = paragraphs.find((paragraph) => paragraph.split('\n').some((line) => line.startsWith('Status:')));
  if (statuses.length === 1 && statusParagraph) {
    const status = statuses[0]!;
    const following = statusParagraph.split('\n').slice(statusParagraph.split('\n').indexOf(status) + 1);
    if (following.length > 0) problems.push(`${file.name}: the Status line goes on over ${following.length + 1} lines; keep it to one`);
    // Length is counted on the line as written, code spans included.
    const written = file.text.split('\n').find((line) => line.startsWith('Status:')) ?? status;
    if ([...written].length > STATUS_MAX_LENGTH) {
      problems.push(`${file.name}: the Status line has ${[...written].length} characters, more than ${STATUS_MAX_LENGTH}`);
    }
    parseStatus(file.name, status, references, record, problems);
  }

  for (const paragraph of paragraphs) {
    const relation = /^Amends\b/.test(paragraph) ? 'amends' : /^Supersedes\b/.test(paragraph) ? 'supersedes' : undefined;
    if (!relation) continue;
    for (const link of linksIn(paragraph, references)) {
      const other = recordOf(link.target);
      if (other) record.changes[relation].add(other);
    }
  }

  const amendments = sectionLines(lines, 'Amendments');
  for (const link of linksIn(amendments.join('\n'), references)) {
    const other = recordOf(link.target);
    if (other) record.amendmentsListed.add(other);
  }
  return record;
}

/** Reads "amended by [X](…), [Y](…); superseded by [Z](…)": every record link must follow one of the two. */
function parseStatus(name: string, status: string, references: Map<string, string>, record: ParsedRecord, problems: string[]) {
  const keywords = [...status.matchAll(/\b(amended|superseded) by\b/gi)].map((match) => ({
    index: match.index,
    relation: (match[1]!.toLowerCase() === 'amended' ? 'amends' : 'supersedes') as Relation,
  }));
  for (const link of linksIn(status, references)) {
    const other = recordOf(link.target);
    if (!other) continue;
    const keyword = keywords.filter((candidate) => candidate.index < link.index).at(-1);
    if (!keyword) {
      problems.push(`${name}: the Status line links ${other} without saying "amended by" or "superseded by" before it`);
      continue;
    }
    record.changedBy[keyword.relation].add(other);
  }
}

/** The lines of a `## ` section, up to the next heading of its level or above. */
function sectionLines(lines: string[], title: string): string[] {
  const start = lines.findIndex((line) => line.trim() === `## ${title}`);
  if (start === -1) return [];
  const end = lines.findIndex((line, index) => index > start && /^#{1,2} /.test(line));
  return lines.slice(start + 1, end === -1 ? lines.length : end);
}

function checkLinks(
  file: DecisionFile,
  names: Set<string>,
  fileExists: (relativePath: string) => boolean,
  depth: number,
  problems: string[],
) {
  const text = withoutCode(file.text);
  const references = referenceTargets(text);
  const targets = [
    ...linksIn(text, references).map((link) => ({ label: link.label, target: link.target })),
    ...[...references.values()].map((target) => ({ label: '', target })),
  ];
  for (const { label, target } of targets) {
    if (isExternal(target) || target.startsWith('#')) continue;
    const file_ = decodeURI(target.split('#')[0]!);
    if (file_.startsWith('/')) {
      problems.push(`${file.name}: the link to ${target} is absolute; link relative to docs/decisions`);
      continue;
    }
    const relative = path.posix.normalize(file_);
    const climbs = relative.split('/').filter((part) => part === '..').length;
    if (climbs > depth) {
      problems.push(`${file.name}: the link to ${target} leaves the repository`);
      continue;
    }
    const record = recordOf(target);
    const exists = !relative.includes('/') ? names.has(relative) || fileExists(relative) : fileExists(relative);
    if (!exists) {
      problems.push(`${file.name}: the link to ${target} names no file`);
      continue;
    }
    const labelled = /^(?:ADR )?(\d{4})$/.exec(label.trim())?.[1];
    if (record && labelled && labelled !== record) problems.push(`${file.name}: the link "${label}" points at ${target}`);
  }
}
