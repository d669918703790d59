/** Renders per day for the chart: every day of the window present, missing days as zero. */
export interface DayCount {
  date: string;
  count: number;
}

function dayKey(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** `days` consecutive UTC days ending on `end` (inclusive), oldest first. */
export function fillDays(perDay: readonly DayCount[], end: Date, days: number): DayCount[] {
  const counts = new Map<string, number>();
  for (const d of perDay) {
    const key = d.date.slice(0, 10);
    counts.set(key, (counts.get(key) ?? 0) + d.count);
  }
  const out: DayCount[] = [];
  const endUtc = Date.UTC(end.getUTCFullYear(), end.getUTCMonth(), end.getUTCDate());
  for (let i = days - 1; i >= 0; i--) {
    const key = dayKey(new Date(endUtc - i * 86_400_000));
    out.push({ date: key, count: counts.get(key) ?? 0 });
  }
  return out;
}
