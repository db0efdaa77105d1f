import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkDecisionRecords, type DecisionFile, STATUS_MAX_LENGTH } from './decision-records.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const decisionsDir = path.join(repoRoot, 'docs/decisions');

const readDecisions = (): DecisionFile[] =>
  fs
    .readdirSync(decisionsDir)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => ({ name, text: fs.readFileSync(path.join(decisionsDir, name), 'utf8') }));

const existsInRepository = (relativePath: string) => fs.existsSync(path.join(decisionsDir, relativePath));

describe('docs/decisions', () => {
  it('keeps every rule: short Status lines, relations linked from both ends, links that resolve, one record per number', () => {
    const files = readDecisions();
    expect(files.length).toBeGreaterThan(0);
    expect(checkDecisionRecords(files, existsInRepository)).toEqual([]);
  });

  it("notices when a real record loses the header that answers another's Status line", () => {
    // Planted in the folder's own text, so the parser is shown to read the records as they are written.
    const files = readDecisions().map((file) =>
      file.name.startsWith('0034-') ? { ...file, text: file.text.replace(/^Amends .*?\.\n/ms, '') } : file,
    );
    const problems = checkDecisionRecords(files, existsInRepository);
    expect(problems.some((problem) => problem.includes('"amended by 0034"') && problem.includes('0014-'))).toBe(true);
    expect(problems.some((problem) => problem.includes('"amended by 0034"') && problem.includes('0018-'))).toBe(true);
  });
});

describe('the decision records checker', () => {
  const record = (number: string, slug: string, header: string, body = '## Context\n\nWhy.\n'): DecisionFile => ({
    name: `${number}-${slug}.md`,
    text: `# ${number} — ${slug}\n\nDate: 2026-11-20\n\n${header}\n\n${body}`,
  });
  const amended = record(
    '0001',
    'first',
    'Status: Accepted; amended by [0002](0002-second.md)',
    '## Amendments\n\n- [0002](0002-second.md): the first rule is looser.\n\n## Context\n\nWhy.\n',
  );
  const amending = record('0002', 'second', 'Status: Accepted\n\nAmends [0001](0001-first.md) (the first rule is looser).');
  const noFileOutside = () => false;
  const check = (...files: DecisionFile[]) => checkDecisionRecords(files, noFileOutside);

  it('passes records that agree', () => {
    expect(check(amended, amending)).toEqual([]);
  });

  it('accepts reference links on the Status line, defined elsewhere in the record', () => {
    const referenced = record(
      '0001',
      'first',
      'Status: Accepted; amended by [0002]\n\n[0002]: 0002-second.md',
      '## Amendments\n\n- [0002]: the first rule is looser.\n',
    );
    expect(check(referenced, amending)).toEqual([]);
  });

  it('refuses a Status line over the limit, and one that runs over several lines', () => {
    const long = record('0003', 'long', `Status: Accepted; ${'and more '.repeat(STATUS_MAX_LENGTH / 9)}`);
    expect(check(long)).toEqual([expect.stringMatching(/^0003-long\.md: the Status line has \d+ characters, more than 200$/)]);
    const wrapped = record('0003', 'wrapped', 'Status: Accepted; amended by\n[0002](0002-second.md)');
    expect(check(wrapped, amending).some((problem) => problem.includes('over 2 lines'))).toBe(true);
    expect(check(record('0003', 'none', 'Accepted.'))).toEqual(['0003-none.md: 0 Status lines in the header, not one']);
  });

  it('refuses "amended by" without "Amends" in the amending record, and the other way round', () => {
    const silent = record('0002', 'second', 'Status: Accepted');
    expect(check(amended, silent)).toEqual([
      '0002-second.md: 0001-first.md says "amended by 0002", but 0002\'s header has no "Amends [0001](…)"',
    ]);
    const unannounced = record('0001', 'first', 'Status: Accepted');
    expect(check(unannounced, amending)).toEqual([
      '0001-first.md: 0002-second.md amends 0001, but 0001\'s Status line does not say "amended by [0002](…)"',
    ]);
  });

  it('pairs "superseded by" with "Supersedes" only', () => {
    const superseded = record('0001', 'first', 'Status: Superseded by [0002](0002-second.md)');
    const supersedes = record('0002', 'second', 'Status: Accepted\n\nSupersedes [0001](0001-first.md).');
    expect(check(superseded, supersedes)).toEqual([]);
    expect(check(superseded, amending)).toContain(
      '0002-second.md: 0001-first.md says "superseded by 0002", but 0002\'s header has no "Supersedes [0001](…)"',
    );
  });

  it('refuses an amendment that the Amendments list does not describe', () => {
    const bare = record('0001', 'first', 'Status: Accepted; amended by [0002](0002-second.md)');
    expect(check(bare, amending)).toEqual(['0001-first.md: amended by 0002, but its "## Amendments" list does not say what 0002 changed']);
  });

  it('refuses a record link on the Status line that names no relation', () => {
    const vague = record('0001', 'first', 'Status: Accepted; see [0002](0002-second.md)');
    expect(check(vague, record('0002', 'second', 'Status: Accepted'))).toEqual([
      '0001-first.md: the Status line links 0002 without saying "amended by" or "superseded by" before it',
    ]);
  });

  it('refuses links to files that do not exist, that leave the repository, or whose number is not the file', () => {
    const broken = record(
      '0001',
      'first',
      'Status: Accepted',
      '## Context\n\nSee [0009](0009-missing.md) and [the product](../product.md).\n',
    );
    expect(check(broken)).toEqual([
      '0001-first.md: the link to 0009-missing.md names no file',
      '0001-first.md: the link to ../product.md names no file',
    ]);
    expect(checkDecisionRecords([broken], (relative) => relative === '../product.md')).toEqual([
      '0001-first.md: the link to 0009-missing.md names no file',
    ]);
    const outside = record('0001', 'first', 'Status: Accepted', '## Context\n\n[elsewhere](../../../outside.md)\n');
    expect(check(outside)).toEqual(['0001-first.md: the link to ../../../outside.md leaves the repository']);
    const mislabelled = record('0003', 'third', 'Status: Accepted', '## Context\n\nAs [0001](0002-second.md) says.\n');
    expect(check(mislabelled, record('0002', 'second', 'Status: Accepted'))).toEqual([
      '0003-third.md: the link "0001" points at 0002-second.md',
    ]);
  });

  it('ignores links in code, and links to other sites or to a heading of the same page', () => {
    const code = record(
      '0001',
      'first',
      'Status: Accepted',
      '## Context\n\nWrite `[0009](0009-missing.md)`; see [a site](https://example.org/x.md) and [below](#context).\n',
    );
    expect(check(code)).toEqual([]);
  });

  it('refuses two records with one number, a title that names another, and a file not named by its number', () => {
    const twin = record('0002', 'twin', 'Status: Accepted');
    expect(check(record('0002', 'second', 'Status: Accepted'), twin)).toEqual(["0002-twin.md: number 0002 is also 0002-second.md's"]);
    const retitled = { name: '0004-fourth.md', text: record('0005', 'fourth', 'Status: Accepted').text };
    expect(check(retitled)).toEqual(['0004-fourth.md: the title says 0005, the file name 0004']);
    expect(check({ name: 'notes.md', text: '# Notes\n' })).toEqual(['notes.md: not named NNNN-words.md']);
  });
});
