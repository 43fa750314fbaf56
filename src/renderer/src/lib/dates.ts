// Dates as the dashboard writes them. One formatter each, made once: `toLocaleString` with options
// builds a new Intl formatter on every call, which made a 1,000-run History or Compare list slow.
const DATE_TIME = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** "30 Nov 2026, 01:28" in the viewer's time zone. */
export function dateTimeWords(iso: string): string {
  return DATE_TIME.format(new Date(iso));
}

/** "30 Nov 2026". */
export function dateWords(iso: string): string {
  return DATE.format(new Date(iso));
}
