import { Secret, TOTP } from 'otpauth';

/**
 * The code an authenticator app would show for a secret, computed independently of the server's
 * code path (RFC 6238: SHA-1, 6 digits, 30 s). `offsetSteps` gives the code of a neighbouring
 * step, so a test can present a fresh, still-valid code without waiting for the clock.
 */
export function totpCode(base32Secret: string, offsetSteps = 0, now = Date.now()): string {
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(base32Secret) });
  return totp.generate({ timestamp: now + offsetSteps * 30_000 });
}
