// The product's own build and database as the same-work reference uses them (see
// ../reference-server.mjs): its compiled modules, its configuration read from the same environment,
// and its SQLite file opened with the product's settings.
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import SQLite from 'better-sqlite3';
import { root } from '../processes.mjs';

const dist = (p) => import(pathToFileURL(path.join(root, p)).href);
// The API's own Kysely, only to record the SQL its repository functions send (never per request).
export const { Kysely, SqliteDialect } = await import(
  pathToFileURL(createRequire(path.join(root, 'apps/api/package.json')).resolve('kysely')).href
);
const { loadConfig } = await dist('apps/api/dist/config.js');
export const { deriveKey } = await dist('apps/api/dist/lib/secret.js');
export const { verifyJwt } = await dist('apps/api/dist/lib/jwt.js');
export const appsRepo = await dist('apps/api/dist/modules/domain/applications/repository.js');
export const appsPaging = await dist('apps/api/dist/modules/domain/applications/paging-repository.js');
export const { APPLICATION_COLUMNS, withCountryNames } = await dist('apps/api/dist/modules/domain/applications/mapping.js');
export const sessionsRepo = await dist('apps/api/dist/modules/domain/sessions/repository.js');
export const { countHit, deleteCounter } = await dist('apps/api/dist/modules/kernel/rate-limits/repository.js');
export const caseWorkRepo = await dist('apps/api/dist/modules/domain/case-work/repository.js');
export const { settingFromText } = await dist('apps/api/dist/modules/kernel/settings/repository.js');
export const { stageLabel } = await dist('packages/shared/dist/case-words.js');
export const { WAITING_KINDS } = await dist('packages/shared/dist/enquiry.js');
export const { recordAudit } = await dist('apps/api/dist/modules/kernel/audit/repository.js');
export const { LIMITS } = await dist('packages/shared/dist/limits.js');
export const { normalizePassport } = await dist('packages/shared/dist/applications.js');
export const { EnquiryApplicationSchema } = await dist('packages/shared/dist/enquiry.js');
// A nationality as the product compares it: the country's code however it is written (ADR 0024).
export const { countryKey } = await dist('packages/shared/dist/country-matching.js');
export const { DOCUMENT_LABELS } = await dist('packages/shared/dist/constants.js');
export const { BACKGROUND_HEADER, BACKGROUND_VALUE, SESSION_ACTIVITY_WRITE_SECONDS } = await dist('packages/shared/dist/session.js');
export const { SERVER } = await dist('packages/shared/dist/ui-texts.js');

export const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
export const secret = process.env.APP_SECRET;
if (!secret) throw new Error('reference server: APP_SECRET is required');

export const sqlite = new SQLite(config.database.file);
sqlite.pragma('journal_mode = WAL');
sqlite.pragma('synchronous = NORMAL');
sqlite.pragma('foreign_keys = ON');
sqlite.pragma('busy_timeout = 5000');
