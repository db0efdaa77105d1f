import { useEffect } from 'react';
import { SESSION_CHECK_INTERVAL_MS } from '@visa/shared/constants';
import { clearToken, hasSessionCookie } from '../../../lib/auth-storage';

/**
 * Every 60 seconds (docs/product.md#sign-in-and-accounts), look for the session cookie (it lives
 * exactly as long as the refresh cookie); when it is gone, the token is removed and the user is
 * sent to sign in.
 */
export function useSessionCheck(onExpired: () => void, intervalMs = SESSION_CHECK_INTERVAL_MS) {
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (!hasSessionCookie()) {
        clearToken();
        onExpired();
      }
    }, intervalMs);
    return () => window.clearInterval(timer);
  }, [onExpired, intervalMs]);
}
