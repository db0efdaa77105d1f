import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The import direction rules of eslint.config.js, shown to refuse a wrong import: planted files are
 * linted as if they stood at the path given, next to a correct file that must pass.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
let eslint: ESLint;

/** The rules an import breaks in a planted file. */
async function brokenRules(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, filePath) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

describe('import direction', () => {
  it('refuses a plugin that imports a module, and lets it import lib/', async () => {
    const wrong = await brokenRules(
      'apps/api/src/plugins/planted.ts',
      "import { accessCheckOf } from '../modules/auth/service.js';\nexport const planted = accessCheckOf;\n",
    );
    expect(wrong).toContain('import-x/no-restricted-paths');
    const right = await brokenRules(
      'apps/api/src/plugins/planted.ts',
      "import { HttpError } from '../lib/http-error.js';\nexport const planted = HttpError;\n",
    );
    expect(right).toEqual([]);
  });

  it('refuses infra/ that imports a plugin', async () => {
    const wrong = await brokenRules(
      'apps/api/src/infra/planted.ts',
      "import { bearerToken } from '../plugins/auth.js';\nexport const planted = bearerToken;\n",
    );
    expect(wrong).toContain('import-x/no-restricted-paths');
  });

  it("refuses a routes file that imports another module's routes, and lets it import that module's service", async () => {
    const wrong = await brokenRules(
      'apps/api/src/modules/second-factor/routes.ts',
      "import authRoutes from '../auth/routes.js';\nexport const planted = authRoutes;\n",
    );
    expect(wrong).toContain('no-restricted-imports');
    const right = await brokenRules(
      'apps/api/src/modules/second-factor/routes.ts',
      "import { completeSignIn } from '../sessions/service.js';\nexport const planted = completeSignIn;\n",
    );
    expect(right).toEqual([]);
  });

  it('refuses a web feature that imports an island or another feature', async () => {
    const island = await brokenRules(
      'apps/web/src/features/office-contact/planted.ts',
      "import * as islands from '../../islands/mount';\nexport const planted = islands;\n",
    );
    expect(island).toContain('import-x/no-restricted-paths');
    const feature = await brokenRules(
      'apps/web/src/features/office-contact/planted.ts',
      "import * as slides from '../slides/api/get-slides';\nexport const planted = slides;\n",
    );
    expect(feature).toContain('import-x/no-restricted-paths');
  });
});
