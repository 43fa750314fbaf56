// How long a run took, from its start and end: "42 s", "7 min 5 s", "1 h 12 min".
export function durationWords(startIso: string, endIso: string | undefined): string {
  if (!endIso) return '—';
  const seconds = Math.round((Date.parse(endIso) - Date.parse(startIso)) / 1000);
  if (!Number.isFinite(seconds) || seconds < 0) return '—';
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
