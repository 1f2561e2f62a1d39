import { useEffect, useState } from 'react';
import { secondsLeft } from './countdown';

/** Send-button countdowns by scope, kept across page changes so a reload of the form cannot skip one. */
const endsAtByScope = new Map<string, number>();

export const SMS_COUNTDOWN_SECONDS = 60;

export function useCountdown(scope: string, seconds: number = SMS_COUNTDOWN_SECONDS) {
  const [endsAt, setEndsAt] = useState<number | null>(() => endsAtByScope.get(scope) ?? null);
  const [now, setNow] = useState(() => Date.now());
  const left = secondsLeft(endsAt, now);

  useEffect(() => {
    if (endsAt === null) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= endsAt) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [endsAt]);

  const start = () => {
    const next = Date.now() + seconds * 1000;
    endsAtByScope.set(scope, next);
    setNow(Date.now());
    setEndsAt(next);
  };

  return { secondsLeft: left, running: left > 0, start };
}
