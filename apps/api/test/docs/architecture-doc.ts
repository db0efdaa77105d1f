/**
 * What docs/architecture.md must name, checked against names read from the code: every database
 * table in its Tables section (with the module that owns it), every scheduled job in its Jobs
 * section, and every API module in the module list of "The API's folders". Pure functions over text
 * and a folder listing, so the tests can plant a missing name without touching the repository.
 */

export interface CodeNames {
  tables: string[];
  jobs: string[];
  modules: string[];
}

export interface FolderEntry {
  name: string;
  isDirectory: boolean;
}

/**
 * The API's modules under a modules folder: a folder that holds a .ts file is a module (its own
 * subfolders are part of it); a folder that holds none groups modules, and its subfolders holding a
 * .ts file are modules. Grouping goes one level deep.
 */
export function findModules(list: (relativeDir: string) => FolderEntry[]): string[] {
  const holdsCode = (dir: string) => list(dir).some((entry) => !entry.isDirectory && entry.name.endsWith('.ts'));
  const folders = (dir: string) => list(dir).filter((entry) => entry.isDirectory);
  const modules: string[] = [];
  for (const top of folders('')) {
    if (holdsCode(top.name)) modules.push(top.name);
    else for (const inner of folders(top.name)) if (holdsCode(`${top.name}/${inner.name}`)) modules.push(inner.name);
  }
  return modules.sort();
}

/** The table names of Kysely's `interface Database` in the schema's source. */
export function databaseTables(schemaSource: string): string[] {
  const body = /export interface Database\s*\{([\s\S]*?)\n\}/.exec(schemaSource)?.[1];
  if (body === undefined) return [];
  return [...body.matchAll(/^\s*([a-z_][a-z0-9_]*)\s*:/gm)].map((match) => match[1]!);
}

/** The lines of a `## ` section of the document, up to the next `## ` heading. */
function section(doc: string, title: string): string[] | undefined {
  const lines = doc.split('\n');
  const start = lines.findIndex((line) => line.trim() === `## ${title}`);
  if (start === -1) return undefined;
  const end = lines.findIndex((line, index) => index > start && line.startsWith('## '));
  return lines.slice(start + 1, end === -1 ? lines.length : end);
}

/** The rows of the Markdown tables in some lines, each a list of its cells; header and rule rows left out. */
function tableRows(lines: string[]): string[][] {
  const rows = lines
    .filter((line) => line.trim().startsWith('|'))
    .map((line) =>
      line
        .trim()
        .replace(/^\||\|$/g, '')
        .split('|'),
    );
  return rows.filter((cells) => !cells.every((cell) => /^\s*:?-+:?\s*$/.test(cell))).map((cells) => cells.map((cell) => cell.trim()));
}

const codeSpans = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);

/** A Markdown table whose rows each start with one name in backticks, by that name. */
function namedRows(lines: string[]): Map<string, string[]> {
  const rows = new Map<string, string[]>();
  for (const cells of tableRows(lines)) {
    const name = /^`([^`]+)`$/.exec(cells[0] ?? '')?.[1];
    if (name) rows.set(name, cells);
  }
  return rows;
}

/** The text of the module list: the code block lines of "The API's folders" from the one that starts with `modules/`. */
function moduleList(lines: string[]): string {
  const code: string[] = [];
  let inBlock = false;
  for (const line of lines) {
    if (line.trim().startsWith('```')) inBlock = !inBlock;
    else if (inBlock) code.push(line);
  }
  const from = code.findIndex((line) => line.trim().startsWith('modules/'));
  return (from === -1 ? code : code.slice(from)).join('\n');
}

const namedIn = (text: string, name: string) =>
  new RegExp(`(^|[^a-z0-9_-])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^a-z0-9_-])`).test(text);

/** Every place the document fails the code's names, one sentence each; none when it names them all. */
export function architectureDocProblems(doc: string, code: CodeNames): string[] {
  const problems: string[] = [];

  const tables = section(doc, 'Tables');
  if (!tables) problems.push('there is no "## Tables" section');
  else {
    const rows = namedRows(tables);
    for (const table of code.tables) if (!rows.has(table)) problems.push(`the table \`${table}\` has no row in "## Tables"`);
    for (const [name, cells] of rows) {
      if (!code.tables.includes(name)) {
        problems.push(`"## Tables" has a row for \`${name}\`, which is no table of interface Database`);
        continue;
      }
      if (cells.length < 3 || !cells[1])
        problems.push(`the row of \`${name}\` in "## Tables" does not say what it holds and which module owns it`);
      const owners = codeSpans(cells.at(-1) ?? '').map((owner) => owner.split('/').filter(Boolean).at(-1)!);
      if (owners.length === 0) problems.push(`the row of \`${name}\` in "## Tables" names no owning module in its last cell`);
      for (const owner of owners) {
        if (!code.modules.includes(owner))
          problems.push(`the row of \`${name}\` in "## Tables" names \`${owner}\` as its owner, which is no module`);
      }
    }
  }

  const jobs = section(doc, 'Jobs');
  if (!jobs) problems.push('there is no "## Jobs" section');
  else {
    const rows = namedRows(jobs);
    for (const job of code.jobs) if (!rows.has(job)) problems.push(`the scheduled job \`${job}\` has no row in "## Jobs"`);
    for (const [name, cells] of rows) {
      if (!code.jobs.includes(name)) problems.push(`"## Jobs" has a row for \`${name}\`, which is no scheduled job`);
      else if (cells.length < 3 || cells.slice(1).some((cell) => !cell)) {
        problems.push(`the row of \`${name}\` in "## Jobs" does not say what it does and how often`);
      }
    }
  }

  const folders = section(doc, "The API's folders");
  if (!folders) problems.push('there is no "## The API\'s folders" section');
  else {
    const list = moduleList(folders);
    for (const name of code.modules)
      if (!namedIn(list, name)) problems.push(`the module \`${name}\` is not in the module list of "## The API's folders"`);
  }
  return problems;
}
