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
      "import { accessCheckOf } from '../modules/domain/auth/service.js';\nexport const planted = accessCheckOf;\n",
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
      'apps/api/src/modules/domain/second-factor/routes.ts',
      "import authRoutes from '../auth/routes.js';\nexport const planted = authRoutes;\n",
    );
    expect(wrong).toContain('no-restricted-imports');
    const right = await brokenRules(
      'apps/api/src/modules/domain/second-factor/routes.ts',
      "import { completeSignIn } from '../sessions/service.js';\nexport const planted = completeSignIn;\n",
    );
    expect(right).toEqual([]);
  });

  it("refuses a routes file that imports a repository, its own or the kernel's", async () => {
    const own = await brokenRules(
      'apps/api/src/modules/domain/slides/routes.ts',
      "import { listSlides } from './repository.js';\nexport const planted = listSlides;\n",
    );
    expect(own).toContain('no-restricted-imports');
    const kernel = await brokenRules(
      'apps/api/src/modules/domain/applicant-notices/routes.ts',
      "import { getSetting } from '../../kernel/settings/repository.js';\nexport const planted = getSetting;\n",
    );
    expect(kernel).toContain('no-restricted-imports');
    const split = await brokenRules(
      'apps/api/src/modules/domain/applications/routes.ts',
      "import { searchPage } from './search-repository.js';\nexport const planted = searchPage;\n",
    );
    expect(split).toContain('no-restricted-imports');
  });

  it("refuses a *-routes.ts file that imports a routes file, its own module's or another *-routes.ts, and lets it import a service", async () => {
    const own = await brokenRules(
      'apps/api/src/modules/domain/document-requests/upload-routes.ts',
      "import { documentsPageRoutes } from './routes.js';\nexport const planted = documentsPageRoutes;\n",
    );
    expect(own).toContain('no-restricted-imports');
    const other = await brokenRules(
      'apps/api/src/modules/operations/system/system-routes.ts',
      "import uploadRoutes from '../document-requests/upload-routes.js';\nexport const planted = uploadRoutes;\n",
    );
    expect(other).toContain('no-restricted-imports');
    const right = await brokenRules(
      'apps/api/src/modules/domain/document-requests/upload-routes.ts',
      "import { openRequestOf } from './page-access.js';\nexport const planted = openRequestOf;\n",
    );
    expect(right).toEqual([]);
  });

  it('refuses ending sessions outside endCredentialGrants, in a routes file as anywhere else', async () => {
    for (const file of ['apps/api/src/modules/domain/staff-accounts/service.ts', 'apps/api/src/modules/domain/staff-accounts/routes.ts']) {
      const wrong = await brokenRules(
        file,
        "import { revokeStaffAccountSessions } from '../credential-grants/repository.js';\nexport const planted = revokeStaffAccountSessions;\n",
      );
      expect(wrong).toContain('no-restricted-imports');
    }
  });

  it('refuses a module that imports one of a higher tier, and lets it import its own tier and lower ones', async () => {
    const up = await brokenRules(
      'apps/api/src/modules/kernel/audit/planted.ts',
      "import { fetchApplication } from '../../domain/applications/service.js';\nexport const planted = fetchApplication;\n",
    );
    expect(up).toContain('import-x/no-restricted-paths');
    const toOperations = await brokenRules(
      'apps/api/src/modules/domain/applications/planted.ts',
      "import { runRetention } from '../../operations/retention/service.js';\nexport const planted = runRetention;\n",
    );
    expect(toOperations).toContain('import-x/no-restricted-paths');
    const down = await brokenRules(
      'apps/api/src/modules/operations/retention/planted.ts',
      "import { fetchApplication } from '../../domain/applications/service.js';\nimport { recordAudit } from '../../kernel/audit/repository.js';\nexport const planted = [fetchApplication, recordAudit];\n",
    );
    expect(down).toEqual([]);
  });

  it('refuses config.ts importing a module', async () => {
    const wrong = await brokenRules(
      'apps/api/src/config.ts',
      "import { getSetting } from './modules/kernel/settings/repository.js';\nexport const planted = getSetting;\n",
    );
    expect(wrong).toContain('import-x/no-restricted-paths');
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

  it('keeps apart features that were added after the list of features was first written', async () => {
    // retention and privacy, notices and system came after the zones were typed by hand; the
    // zones now come from the folders, and these imports show that they reach every one of them.
    const wrong = await brokenRules(
      'apps/web/src/features/retention/components/planted.ts',
      "import { usePrivacyOverview } from '../../privacy/api/get-overview';\nexport const planted = usePrivacyOverview;\n",
    );
    expect(wrong).toContain('import-x/no-restricted-paths');
    const helper = await brokenRules(
      'apps/web/src/features/notices/components/planted.ts',
      "import { formatBytes } from '../../system/lib/format';\nexport const planted = formatBytes;\n",
    );
    expect(helper).toContain('import-x/no-restricted-paths');
    const right = await brokenRules(
      'apps/web/src/features/retention/components/planted.ts',
      "import { api } from '../../../lib/api-client';\nexport const planted = api;\n",
    );
    expect(right).toEqual([]);
  });
});
