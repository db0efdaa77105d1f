// Build step: brotli and gzip twins of every text file of the client build, served by the API
// when the browser accepts them (preCompressed in apps/api/src/plugins/web.ts): the pages' byte
// budgets are compressed sizes. It runs last, so that it compresses every file as served. The
// settings are the ones the API uses for the pages it fills at run time (@visa/shared/compression).
import fs from 'node:fs';
import path from 'node:path';
import { compress } from '@visa/shared/compression';

const COMPRESSIBLE = /\.(html|js|css|svg|json|xml|txt|webmanifest)$/;
/** Below this, a compressed twin saves too little to be worth a file. */
const MIN_BYTES = 256;

function textFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return textFiles(full);
    return COMPRESSIBLE.test(entry.name) && fs.statSync(full).size >= MIN_BYTES ? [full] : [];
  });
}

/** Writes `<file>.br` and `<file>.gz` beside each file; returns what it did, for the build's log. */
export async function compressFiles(root) {
  const files = textFiles(root);
  await Promise.all(
    files.map(async (file) => {
      const { br, gzip } = await compress(fs.readFileSync(file));
      fs.writeFileSync(`${file}.br`, br);
      fs.writeFileSync(`${file}.gz`, gzip);
    }),
  );
  return `${files.length} file(s) have .br and .gz twins`;
}
