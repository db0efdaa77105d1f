/**
 * Every rate limit and lockout window of the API, in one table (ADR 0017, docs/product.md#limits).
 * The API counts by it and every sentence that states a limit is built from it, so a limit changes
 * in one place. It lives in the shared package because the web shows one of them (how long a
 * password-reset link works).
 */

const MINUTE_MS = 60_000;
const FIFTEEN_MINUTES_MS = 15 * MINUTE_MS;
const HOUR_MS = 60 * MINUTE_MS;

/** At most `limit` attempts in a fixed window; the next one is refused with 429. */
export interface CountLimit {
  limit: number;
  windowMs: number;
}

/**
 * A limit on one email or one passport across all addresses (ADR 0038). Past `limit` attempts in the
 * window, requests for it are served one at a time; past `hardLimit`, it is refused (429) for the
 * rest of the window, except from an address group that has not failed on it in the window.
 */
export interface AcrossAddresses extends CountLimit {
  hardLimit: number;
  /** The longest a request waits for its turn before it is refused with 429: below the web client's time-out. */
  turnWaitMs: number;
}

export const LIMITS = {
  /** Signing in with a password: refusals per address and per (email, address), and a limit per email across addresses. */
  login: {
    perAddress: { limit: 50, windowMs: FIFTEEN_MINUTES_MS },
    perAccountAndAddress: { limit: 10, windowMs: FIFTEEN_MINUTES_MS },
    perAccount: { limit: 100, hardLimit: 200, windowMs: HOUR_MS, turnWaitMs: 2_500 },
  },
  /** Codes tried at the second step of signing in, per account (across challenges) and per address (ADR 0019). */
  secondStep: {
    /** Wrong codes one challenge takes before it ends and the person must give the password again. */
    wrongCodesPerChallenge: 5,
    perAccount: { limit: 10, windowMs: FIFTEEN_MINUTES_MS },
    perAddress: { limit: 50, windowMs: FIFTEEN_MINUTES_MS },
  },
  /** Codes and passwords tried from a signed-in session on the account's own second factor. */
  secondFactorAccount: { perAccount: { limit: 10, windowMs: FIFTEEN_MINUTES_MS } },
  /** Wrong current passwords on the profile, per account: the same guessing a sign-in limit holds back. */
  profilePassword: { perAccount: { limit: 10, windowMs: FIFTEEN_MINUTES_MS } },
  /** "Forgot password?" (ADR 0023). */
  passwordReset: {
    /** How long an emailed link works. */
    linkMinutes: 30,
    /** Links asked for per client address; and per email, so nobody can fill a colleague's inbox. */
    requestsPerAddress: { limit: 10, windowMs: FIFTEEN_MINUTES_MS },
    /**
     * Past the limit, one request at a time, and only from an address group that has not asked
     * for that email in the window: one address cannot stop the owner asking for a link.
     */
    requestsPerEmail: { limit: 3, hardLimit: 3, windowMs: HOUR_MS, turnWaitMs: 2_500 },
    /** New passwords tried with a link, per client address. */
    resetsPerAddress: { limit: 20, windowMs: FIFTEEN_MINUTES_MS },
  },
  /** The public status check. */
  statusCheck: {
    /** A visitor typing slowly fires a few debounced lookups per status check; this leaves room for mistakes. */
    perAddress: { limit: 30, windowMs: FIFTEEN_MINUTES_MS },
    /**
     * Lookups of one passport from one address. Keyed on the address too, so nobody can lock an
     * applicant out of their own status check by spending the passport's attempts (ADR 0017).
     */
    perPassportAndAddress: { limit: 20, windowMs: HOUR_MS },
    /**
     * Guessing a known passport's date of birth from many addresses: past the limit, lookups of
     * that passport are answered one at a time and the office is told; past the hard limit, only
     * addresses that have not missed on it in the window are answered.
     */
    perPassport: { limit: 100, hardLimit: 200, windowMs: HOUR_MS, turnWaitMs: 2_500 },
  },
  /**
   * Wrong authenticator codes in a row on one account, across challenges, sessions and windows: at
   * this many, codes from the app stop working until a recovery code signs in, a new app is set up
   * or the operator resets the second factor; the holder is emailed once (ADR 0039).
   */
  secondFactorLock: { wrongCodesInARow: 20 },
  /**
   * Password hashing and checking (argon2) run at most one per core at a time; this many per core
   * may wait, and a request from someone not signed in beyond them is refused with 429.
   */
  passwordHashing: { waitingPerCore: 4 },
  /**
   * Documents by link (ADR 0046, ADR 0047): links that do not work, per address; every answer of
   * the applicant's page per address; uploads started per link and per address.
   */
  documentsPage: {
    badTokensPerAddress: { limit: 20, windowMs: FIFTEEN_MINUTES_MS },
    requestsPerAddress: { limit: 600, windowMs: FIFTEEN_MINUTES_MS },
    uploadsPerToken: { limit: 60, windowMs: HOUR_MS },
    uploadsPerAddress: { limit: 120, windowMs: HOUR_MS },
  },
  /** "Download this applicant's data" (ADR 0053), per member of staff: enough for a day's requests, not for copying the files out. */
  personalData: { downloadsPerStaff: { limit: 20, windowMs: HOUR_MS } },
} as const satisfies Record<string, Record<string, CountLimit | AcrossAddresses | number>>;

/** A window in whole minutes, for the sentences that state it. */
export const windowMinutes = (limit: CountLimit) => limit.windowMs / MINUTE_MS;
