/**
 * SPEC §9 display format `YYYY-MM-DD dddd h:mm A`, in the site's time zone on server and browser alike
 * (DESIGN §4), with the platform's Intl rather than a date library.
 */
export function formatDateTime(iso: string, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      weekday: 'long',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.weekday} ${parts.hour}:${parts.minute} ${String(parts.dayPeriod).toUpperCase()}`;
}
