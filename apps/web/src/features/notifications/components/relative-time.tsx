import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { intlFormatOf } from '@/lib/intl-format';

const UNITS = [
  { unit: 'year', seconds: 365 * 86_400 },
  { unit: 'month', seconds: 30 * 86_400 },
  { unit: 'week', seconds: 7 * 86_400 },
  { unit: 'day', seconds: 86_400 },
  { unit: 'hour', seconds: 3_600 },
  { unit: 'minute', seconds: 60 },
] as const;

/** "5 minutes ago" in the language's own words (Intl.RelativeTimeFormat); "now" under a minute. */
export function relativeTime(iso: string, locale: string, now = Date.now()): string {
  const format = intlFormatOf(locale);
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  for (const { unit, seconds: size } of UNITS) {
    if (Math.abs(seconds) >= size) return format.relative(Math.trunc(seconds / size), unit);
  }
  return format.relative(0, 'second');
}

/** The current time, moving on every minute, so that "5 minutes ago" does not stay 5. */
function useMinuteClock() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  const { i18n } = useTranslation();
  const now = useMinuteClock();
  const full = intlFormatOf(i18n.language).dateTime(new Date(iso));
  return (
    <time dateTime={iso} title={full} className={className}>
      {relativeTime(iso, i18n.language, now)}
    </time>
  );
}
