import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../../module-tiers.mjs';

/**
 * Repositories own every SQL statement: in a module, only a file named repository.ts or
 * *-repository.ts builds a query; outside the modules, only db/ (the connection, the migration lock
 * and the migrations) does. Services hold rules and routes answer, neither speaks SQL.
 */
const src = path.resolve(import.meta.dirname, '../../src');
const QUERY = /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|with)\(|\bsql(<[^>]*>)?`/;

function filesSpeakingSqlOutsideRepositories(root: string): string[] {
  return sourceFiles(root)
    .map((file) => path.relative(root, file).split(path.sep).join('/'))
    .filter((file) => !file.startsWith('db/') && !/(^|\/|-)repository\.ts$/.test(file))
    .filter((file) => QUERY.test(fs.readFileSync(path.join(root, file), 'utf8')));
}

describe('SQL', () => {
  it('is written only in repository files and db/', () => {
    expect(filesSpeakingSqlOutsideRepositories(src)).toEqual([]);
  });

  it('is found in a service, a routes file or a helper, whichever way it is written', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'visa-sql-'));
    const plant = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), text);
    };
    plant('modules/domain/a/service.ts', "export const f = (db) => db.selectFrom('users').selectAll().execute();\n");
    plant('modules/domain/a/routes.ts', 'export const g = (db) => sql`select 1`.execute(db);\n');
    plant('modules/domain/a/helper.ts', "export const h = (trx) => trx\n  .updateTable('users');\n");
    plant('modules/domain/a/repository.ts', "export const ok = (db) => db.deleteFrom('users').execute();\n");
    plant('modules/domain/a/search-repository.ts', 'export const ok2 = (db) => sql<{ n: number }>`select 1`.execute(db);\n');
    plant('db/migrations/x.ts', "export const up = (db) => db.schema.createTable('t');\n");
    try {
      expect(filesSpeakingSqlOutsideRepositories(root).sort()).toEqual([
        'modules/domain/a/helper.ts',
        'modules/domain/a/routes.ts',
        'modules/domain/a/service.ts',
      ]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
