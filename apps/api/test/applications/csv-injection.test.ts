import { beforeAll, describe, expect, it } from 'vitest';
import type { Application } from '@visa/shared/applications';
import { addApplication, applicationFields } from '@visa/test-support/applications';
import { appForFile } from '@visa/test-support/file-app';

/**
 * CSV injection (OWASP; ADR 0016): hostile values typed into a real application come back from
 * the export endpoint so that no spreadsheet runs them, whichever separator it splits on (`,`,
 * `;` in many locales, tab): no cell starts with a formula character unless an apostrophe comes
 * first, every value survives intact behind that apostrophe, and a separator inside a value is
 * quoted so it never starts a new cell.
 */

const HOSTILE = {
  surname: ';=HYPERLINK("http://ev.il")',
  givenN: ',=1+1',
  company: "\t=cmd|' /C calc'!A0",
  birthCity: 'Dhaka;=HYPERLINK("http://evil.example")',
  identification: '\r\n=2+3;@SUM(A1)\r\n-1,+1; "=3+4\t+5\r\n@6',
  dutyDuration: '\uFF1D1+1',
  salary: "@SUM(1+1)*cmd|' /C calc'!A0",
  nationalId: '+880-1711',
};

/** RFC 4180 parsing, with the separator a spreadsheet in some locale would use. */
function parseCsv(text: string, separator: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === separator) {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell !== '' || row.length) rows.push([...row, cell]);
  return rows;
}

/** What a spreadsheet may run: a formula character first (behind spaces or a quote), or a separator or line break. */
const FORMULA_START = /^([ "]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|[\t\r\n,;])/;
/** The value behind the apostrophes the export adds: first, and after a separator or line break. */
const withoutApostrophes = (cell: string) => cell.replace(/^'/, '').replace(/([\t\r\n,;])'/g, '$1');

const t = appForFile();
let token: string;
let stored: Application;
let csv: string;
beforeAll(async () => {
  token = (await t.createStaff('admin')).token;
  const added = await addApplication(t, token, applicationFields({ ...HOSTILE, passport: 'CSVX12345' }));
  expect(added.statusCode, added.body).toBe(201);
  stored = added.json();
  const res = await t.request({ method: 'GET', url: '/api/application/export?search=CSVX12345', token });
  expect(res.statusCode).toBe(200);
  csv = res.body.replace(/^\uFEFF/, '');
});

describe('CSV export of hostile values', () => {
  it('stores the hostile values as typed (the form trims surrounding blanks only)', () => {
    for (const [field, value] of Object.entries(HOSTILE)) expect(stored[field as keyof Application], field).toBe(value.trim());
  });

  it('gives back every value intact, behind an apostrophe where it would start a formula', () => {
    const [header, row, ...rest] = parseCsv(csv, ',');
    expect(rest).toEqual([]);
    const cells = Object.fromEntries(header!.map((name, i) => [name, row![i]!]));
    for (const field of Object.keys(HOSTILE)) {
      const value = String(stored[field as keyof Application]);
      expect(cells[field]!.startsWith("'"), field).toBe(FORMULA_START.test(value));
      expect(withoutApostrophes(cells[field]!), field).toBe(value);
    }
    expect(cells.birthCity).toBe('Dhaka;\'=HYPERLINK("http://evil.example")');
  });

  for (const [name, separator] of [
    ['comma', ','],
    ['semicolon', ';'],
    ['tab', '\t'],
  ] as const) {
    it(`leaves no cell that starts a formula when a spreadsheet splits on a ${name}`, () => {
      const cells = parseCsv(csv, separator).flat();
      expect(cells.filter((cell) => FORMULA_START.test(cell))).toEqual([]);
    });
  }

  it('quotes every value that holds a quote, a line break or a separator', () => {
    expect(csv).toContain(`,"';'=HYPERLINK(""http://ev.il"")",`);
    expect(csv).toContain(`,"Dhaka;'=HYPERLINK(""http://evil.example"")",`);
    expect(csv).toContain(`,"'=2+3;'@SUM(A1)\r\n'-1,'+1;' ""=3+4\t'+5\r\n'@6",`);
  });
});
