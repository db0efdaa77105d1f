/// <reference types="node" />
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/**
 * The brotli and gzip forms of a file or page, in the one place their settings are chosen. Node
 * only: the web build writes them as `.br` and `.gz` twins of its text files, and the API makes
 * them for the pages it fills with the office contact (ADR 0025); browser code never imports it.
 * Both at their strongest setting, because each form is made once and sent many times: the public
 * pages' byte budgets are compressed sizes (ADR 0029).
 */

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export interface Compressed {
  br: Buffer;
  gzip: Buffer;
}

export async function compress(bytes: Uint8Array): Promise<Compressed> {
  const [br, gz] = await Promise.all([
    brotli(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
    gzip(bytes, { level: 9 }),
  ]);
  return { br, gzip: gz };
}
