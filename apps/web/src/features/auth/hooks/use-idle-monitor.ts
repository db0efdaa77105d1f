import { useCallback, useEffect, useRef, useState } from 'react';
import type { SessionInfo } from '@visa/shared/session';
import { SESSION_ACTIVITY_WRITE_SECONDS, SESSION_IDLE_WARNING_SECONDS, type SessionEndReason } from '@visa/shared/session-rules';
import { onActivity, isHttpError } from '../../../lib/api-client';
import { checkSession, staySignedIn } from '../api/session';
import { type SessionMessage, openSessionChannel } from '../lib/session-channel';

const WARNING_MS = SESSION_IDLE_WARNING_SECONDS * 1000;
/** The server may record an activity up to this much earlier than it happened. */
const WRITE_SLACK_MS = SESSION_ACTIVITY_WRITE_SECONDS * 1000;
/** After an answer that leaves no time, or a failed check, ask again this much later rather than at once. */
const RETRY_MS = 5_000;

/** The session's ends on this device's clock (ms): the idle end as far as this tab knows, the absolute end. */
interface Limits {
  idleMs: number;
  idleEndsAt: number;
  endsAt: number;
}

/** The server's times moved onto this device's clock, measured from the server's own "now". */
function limitsOf(info: SessionInfo): Limits {
  const offset = Date.parse(info.now) - Date.now();
  return {
    idleMs: info.idleMinutes * 60_000,
    idleEndsAt: Date.parse(info.idleExpiresAt) - offset,
    endsAt: Date.parse(info.expiresAt) - offset,
  };
}

interface Monitor {
  stay: () => Promise<void>;
  announceEnded: (reason: SessionEndReason) => void;
}

/**
 * Keeps the staff area's view of the session's idle and absolute limits (ADR 0018), so it can warn
 * a minute before the idle end. The limits come from the server (a background check when the staff
 * area opens); every call the person makes moves the idle end on, as do other tabs' calls, heard
 * over a BroadcastChannel. At an end, the tab does not decide alone: it asks the server (a
 * background check, which never counts as activity) and either learns of activity it missed or is
 * answered 401 with the reason, which the api client turns into a trip to the login page.
 *
 * `onEndedElsewhere` is called when another tab reports the session ended.
 */
export function useIdleMonitor(enabled: boolean, onEndedElsewhere: (reason: SessionEndReason) => void) {
  const [warning, setWarning] = useState(false);
  const [staying, setStaying] = useState(false);
  const monitor = useRef<Monitor | null>(null);
  const onEndedRef = useRef(onEndedElsewhere);
  useEffect(() => {
    onEndedRef.current = onEndedElsewhere;
  }, [onEndedElsewhere]);

  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let limits: Limits | null = null;
    let timer: number | undefined;

    const wait = (ms: number, then: () => void) => {
      window.clearTimeout(timer);
      timer = window.setTimeout(then, Math.max(0, ms));
    };

    const schedule = () => {
      if (stopped || !limits) return;
      const now = Date.now();
      // When the absolute end comes first, staying cannot help: no warning, just the end.
      const idleFirst = limits.idleEndsAt < limits.endsAt;
      const end = Math.min(limits.idleEndsAt, limits.endsAt);
      const warnAt = limits.idleEndsAt - WARNING_MS;
      if (idleFirst && now < warnAt) {
        setWarning(false);
        wait(warnAt - now, schedule);
      } else if (now < end) {
        setWarning(idleFirst);
        wait(end - now, check);
      } else {
        void check();
      }
    };

    const apply = (info: SessionInfo) => {
      limits = limitsOf(info);
      // The server says the session lives but leaves no time (clocks, rounding): look again shortly.
      if (Math.min(limits.idleEndsAt, limits.endsAt) <= Date.now()) limits.idleEndsAt = Date.now() + RETRY_MS;
    };

    async function check() {
      try {
        const info = await checkSession();
        if (stopped) return;
        apply(info);
        schedule();
      } catch (error) {
        // A 401 has already sent the person to the login page; anything else (offline): try again.
        if (!stopped && !(isHttpError(error) && error.response?.status === 401)) wait(RETRY_MS, check);
      }
    }

    const channel = openSessionChannel((message: SessionMessage) => {
      if (stopped) return;
      if (message.type === 'ended') {
        onEndedRef.current(message.reason);
        return;
      }
      if (limits && message.idleEndsAt > limits.idleEndsAt) {
        limits.idleEndsAt = message.idleEndsAt;
        schedule();
      }
    });

    const moved = (idleEndsAt: number) => {
      if (!limits || idleEndsAt <= limits.idleEndsAt) return;
      limits.idleEndsAt = idleEndsAt;
      channel.post({ type: 'activity', idleEndsAt });
      schedule();
    };

    // A call the person made: the server has it recorded, at most WRITE_SLACK_MS earlier.
    const stopListening = onActivity(() => {
      if (limits) moved(Date.now() + limits.idleMs - WRITE_SLACK_MS);
    });

    monitor.current = {
      async stay() {
        const info = await staySignedIn();
        if (stopped) return;
        apply(info);
        setWarning(false);
        channel.post({ type: 'activity', idleEndsAt: limits!.idleEndsAt });
        schedule();
      },
      announceEnded: (reason) => channel.post({ type: 'ended', reason }),
    };

    void check();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stopListening();
      channel.close();
      monitor.current = null;
      setWarning(false);
    };
  }, [enabled]);

  const stay = useCallback(async () => {
    setStaying(true);
    try {
      await monitor.current?.stay();
    } catch {
      // A 401 has sent the person to the login page; otherwise the warning stays up to try again.
    } finally {
      setStaying(false);
    }
  }, []);

  const announceEnded = useCallback((reason: SessionEndReason) => monitor.current?.announceEnded(reason), []);

  return { warning, staying, stay, announceEnded };
}
