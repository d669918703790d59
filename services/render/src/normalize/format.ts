/**
 * Number, currency, percentage and date formatting through Intl, with cached formatters
 * (constructing an Intl formatter costs far more than using one).
 */
import type { CellFormat } from '@jsonable/contracts/table';

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
const MAX_CACHE = 500;

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let f = cache.get(key) as T | undefined;
  if (!f) {
    if (cache.size >= MAX_CACHE) cache.clear();
    f = make();
    cache.set(key, f);
  }
  return f;
}

/** A locale Intl accepts, else en-US (a bad locale must not fail a render). */
export function safeLocale(locale: string | undefined): string {
  if (!locale) return 'en-US';
  try {
    return Intl.getCanonicalLocales(locale)[0] ?? 'en-US';
  } catch {
    return 'en-US';
  }
}

/** Parses numbers users write: 1234.5, "1,234.50", "$1,234", "12.5%", "€ 9". */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const s = value.trim();
  if (!/^[-+(]?\s*[$€£¥₹]?\s*[-+]?\d[\d,\s]*(?:\.\d+)?\s*%?\)?$/.test(s) || s.length > 40) return null;
  const negative = s.startsWith('-') || s.startsWith('(') || /^[$€£¥₹]\s*-/.test(s);
  const n = Number.parseFloat(s.replace(/[^\d.]/g, ''));
  if (!Number.isFinite(n)) return null;
  return negative ? -n : n;
}

interface NumberOpts {
  decimals?: number;
  minimumFractionDigits?: number;
  maximumFractionDigits?: number;
  notation?: 'standard' | 'scientific' | 'engineering' | 'compact';
  currency?: string;
}

function numberOpts(format: CellFormat | undefined): NumberOpts {
  if (format === undefined) return {};
  if (typeof format === 'string') {
    if (/^[A-Za-z]{3}$/.test(format)) return { currency: format.toUpperCase() };
    const m = /^0(?:\.(0+))?$/.exec(format);
    if (m) return { decimals: m[1]?.length ?? 0 };
    if (format === 'compact') return { notation: 'compact' };
    return {};
  }
  return format;
}

function fractionDigits(o: NumberOpts, dflt: { min: number; max: number }) {
  const min = o.decimals ?? o.minimumFractionDigits ?? dflt.min;
  const max = Math.max(min, o.decimals ?? o.maximumFractionDigits ?? dflt.max);
  return { minimumFractionDigits: min, maximumFractionDigits: max };
}

export function formatNumber(n: number, locale: string, format?: CellFormat): string {
  const o = numberOpts(format);
  const digits = fractionDigits(o, { min: 0, max: 2 });
  const key = `n|${locale}|${digits.minimumFractionDigits}|${digits.maximumFractionDigits}|${o.notation ?? ''}`;
  return cached(key, () => new Intl.NumberFormat(locale, { ...digits, notation: o.notation ?? 'standard' })).format(n);
}

export function formatCurrency(n: number, locale: string, format?: CellFormat): string {
  const o = numberOpts(format);
  const currency = (o.currency ?? 'USD').toUpperCase();
  const digits =
    o.decimals !== undefined || o.minimumFractionDigits !== undefined || o.maximumFractionDigits !== undefined
      ? fractionDigits(o, { min: 2, max: 2 })
      : {};
  const key = `c|${locale}|${currency}|${JSON.stringify(digits)}|${o.notation ?? ''}`;
  try {
    return cached(
      key,
      () =>
        new Intl.NumberFormat(locale, { style: 'currency', currency, ...digits, notation: o.notation ?? 'standard' }),
    ).format(n);
  } catch {
    return formatNumber(n, locale, format);
  }
}

/**
 * Percentages: a value between -1 and 1 is a fraction (0.25 → 25%); a larger one is already in
 * percent (25 → 25%), which is how people write them in spreadsheets.
 */
export function formatPercentage(n: number, locale: string, format?: CellFormat): string {
  const o = numberOpts(format);
  const fraction = Math.abs(n) <= 1 ? n : n / 100;
  const digits = fractionDigits(o, { min: 0, max: 2 });
  const key = `p|${locale}|${digits.minimumFractionDigits}|${digits.maximumFractionDigits}`;
  return cached(key, () => new Intl.NumberFormat(locale, { style: 'percent', ...digits })).format(fraction);
}

/** Dates: ISO strings, epoch milliseconds, or Date-parsable text; null when not a date. */
export function toDate(value: unknown): Date | null {
  let d: Date | null = null;
  if (typeof value === 'number' && Number.isFinite(value)) d = new Date(value);
  else if (typeof value === 'string' && value.length <= 64) {
    const s = value.trim();
    // Date-only ISO strings are calendar dates: read them as UTC so no time zone shifts the day.
    d = /^\d{4}-\d{2}-\d{2}$/.test(s) ? new Date(`${s}T00:00:00Z`) : new Date(s);
  }
  return d && Number.isFinite(d.getTime()) ? d : null;
}

/** Pattern tokens, longest first (the unicode spelling and Moment/Day.js' one), and quoted literals. */
const TOKEN = /YYYY|yyyy|YY|yy|MMMM|MMM|MM|M|dddd|ddd|DD|dd|D|d|HH|H|hh|h|mm|ss|A|a|EEEE|EEE|'[^']*'/g;
const LETTER_TOKEN = /YYYY|yyyy|YY|yy|MMMM|MMM|MM|M|dddd|ddd|DD|dd|D|d|HH|H|hh|h|mm|ss|A|a|EEEE|EEE/g;

/**
 * The first run of letters in a date pattern that is no token (outside 'quoted' text), or null.
 * `Do` (Moment's ordinal day) used to leak as `4o`; a pattern with it is refused instead.
 */
export function unknownDateToken(pattern: string): string | null {
  for (const run of pattern.replace(/'[^']*'?/g, ' ').match(/[A-Za-z]+/g) ?? []) {
    // Read as the formatter reads it (longest token first, left to right): EEEEEE is EEEE + EE.
    if (run.replace(LETTER_TOKEN, '') !== '') return run;
  }
  return null;
}

/**
 * Names in the locale, from one formatToParts each for the long and the short forms: months in
 * their format (with a day) context, as patterns use them ("4. März", "4 марта"), weekdays, and
 * the day period ("PM", "午後", "م"). Only computed when a pattern names one.
 */
function localeNames(d: Date, locale: string, timeZone: string, width: 'long' | 'short') {
  const parts = cached(
    `dn${width}|${locale}|${timeZone}`,
    () =>
      new Intl.DateTimeFormat(locale, {
        timeZone,
        weekday: width,
        day: 'numeric',
        month: width,
        hour: 'numeric',
        hour12: true,
      }),
  ).formatToParts(d);
  const get = (t: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === t)?.value ?? '';
  return { weekday: get('weekday'), month: get('month'), dayPeriod: get('dayPeriod') };
}

/** A small `yyyy-MM-dd HH:mm`-style pattern formatter (UTC unless a timeZone is given via Intl). */
function formatPattern(d: Date, pattern: string, locale: string, timeZone: string): string {
  const parts = cached(
    `dp|${timeZone}`,
    () =>
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
        hourCycle: 'h23',
      }),
  ).formatToParts(d);
  const get = (t: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === t)?.value ?? '';
  const year = get('year');
  const month = Number(get('month'));
  const day = Number(get('day'));
  const hour = Number(get('hour')) % 24;
  const minute = Number(get('minute'));
  const second = Number(get('second'));
  const pad = (n: number) => String(n).padStart(2, '0');
  let long: ReturnType<typeof localeNames> | undefined;
  let short: ReturnType<typeof localeNames> | undefined;
  const longName = () => (long ??= localeNames(d, locale, timeZone, 'long'));
  const shortName = () => (short ??= localeNames(d, locale, timeZone, 'short'));
  const tokens: Record<string, () => string> = {
    yyyy: () => year,
    yy: () => year.slice(-2),
    MMMM: () => longName().month,
    MMM: () => shortName().month,
    MM: () => pad(month),
    M: () => String(month),
    dd: () => pad(day),
    d: () => String(day),
    HH: () => pad(hour),
    H: () => String(hour),
    hh: () => pad(hour % 12 || 12),
    h: () => String(hour % 12 || 12),
    mm: () => pad(minute),
    ss: () => pad(second),
    a: () => shortName().dayPeriod,
    EEE: () => shortName().weekday,
    EEEE: () => longName().weekday,
    // The Moment / Day.js spelling that Make, Zapier and n8n use: YYYY-MM-DD, DD/MM/YYYY, ddd, A.
    YYYY: () => year,
    YY: () => year.slice(-2),
    DD: () => pad(day),
    D: () => String(day),
    dddd: () => longName().weekday,
    ddd: () => shortName().weekday,
    A: () => shortName().dayPeriod,
  };
  return pattern.replace(TOKEN, (t) => (t.startsWith("'") ? t.slice(1, -1) : (tokens[t]?.() ?? t)));
}

/** Format strings that name a locale's own style rather than a pattern. */
export const DATE_STYLES: ReadonlySet<string> = new Set(['full', 'long', 'medium', 'short']);

/** SPEC §9: dates shown as 'MMM d, yyyy' by default; other locales get their medium style. */
export function formatDate(d: Date, locale: string, format: CellFormat | undefined, withTime: boolean): string {
  const tz = typeof format === 'object' && format.timeZone ? format.timeZone : 'UTC';
  try {
    // A style name ('short', 'long', …) is the locale's own style, not a pattern ('short' → 's2ort').
    if (typeof format === 'string' && DATE_STYLES.has(format)) {
      const style = format as 'full' | 'long' | 'medium' | 'short';
      return cached(
        `dn|${locale}|${style}|${withTime}|${tz}`,
        () =>
          new Intl.DateTimeFormat(
            locale,
            withTime ? { dateStyle: style, timeStyle: 'short', timeZone: tz } : { dateStyle: style, timeZone: tz },
          ),
      ).format(d);
    }
    if (typeof format === 'string' && format.length > 0) return formatPattern(d, format, locale, tz);
    if (typeof format === 'object' && (format.dateStyle || format.timeStyle)) {
      const key = `ds|${locale}|${format.dateStyle ?? ''}|${format.timeStyle ?? ''}|${tz}`;
      return cached(
        key,
        () =>
          new Intl.DateTimeFormat(locale, { dateStyle: format.dateStyle, timeStyle: format.timeStyle, timeZone: tz }),
      ).format(d);
    }
    if (locale.startsWith('en')) return formatPattern(d, withTime ? 'MMM d, yyyy, h:mm a' : 'MMM d, yyyy', locale, tz);
    const key = `dd|${locale}|${withTime}|${tz}`;
    return cached(
      key,
      () =>
        new Intl.DateTimeFormat(
          locale,
          withTime ? { dateStyle: 'medium', timeStyle: 'short', timeZone: tz } : { dateStyle: 'medium', timeZone: tz },
        ),
    ).format(d);
  } catch {
    return d
      .toISOString()
      .slice(0, withTime ? 16 : 10)
      .replace('T', ' ');
  }
}
