/**
 * Every function Workers Analytics Engine's SQL reference documents, with the arguments its usage
 * lines show. A name not listed here is refused, as an unknown function is by the SQL API.
 *
 * Sources (read 2026, cloudflare/cloudflare-docs src/content/docs/analytics/analytics-engine/):
 *   https://developers.cloudflare.com/analytics/analytics-engine/sql-reference/aggregate-functions/
 *   https://developers.cloudflare.com/analytics/analytics-engine/sql-reference/conditional-functions/
 *   https://developers.cloudflare.com/analytics/analytics-engine/sql-reference/date-time-functions/
 *   https://developers.cloudflare.com/analytics/analytics-engine/sql-reference/string-functions/
 *   https://developers.cloudflare.com/analytics/analytics-engine/sql-reference/mathematical-functions/
 *   https://developers.cloudflare.com/analytics/analytics-engine/sql-reference/bit-functions/
 *   https://developers.cloudflare.com/analytics/analytics-engine/sql-reference/encoding-functions/
 *   https://developers.cloudflare.com/analytics/analytics-engine/sql-reference/type-conversion-functions/
 *   countIf, sumIf, avgIf: https://developers.cloudflare.com/changelog/2025-11-12-analytics-engine-further-sql-enhancements
 * `position(a IN b)` and `extract(UNIT from dt)` have syntax of their own (dialect-expressions.ts).
 */

export type FunctionRule = {
  /** Aggregates may not be nested, nor appear in WHERE or GROUP BY. */
  aggregate: boolean;
  min: number;
  /** Infinity for a variadic function (format). */
  max: number;
  /** `DISTINCT` allowed before the argument (count, sum, avg). */
  distinct?: boolean;
  /** Takes a parameter list first: quantileExactWeighted(0.5)(double1, _sample_interval). */
  parametric?: { min: number; max: number };
};

const agg = (min: number, max: number, extra: Partial<FunctionRule> = {}): FunctionRule => ({
  aggregate: true,
  min,
  max,
  ...extra,
});
const fn = (min: number, max = min): FunctionRule => ({ aggregate: false, min, max });

/** Keyed by the lower-cased name: SQL keywords and function names are case-insensitive. */
export const DOCUMENTED_FUNCTIONS: Readonly<Record<string, FunctionRule>> = {
  // Aggregates. count() counts rows; count(DISTINCT x) distinct values; count(*) is not documented.
  count: agg(0, 1, { distinct: true }),
  sum: agg(1, 1, { distinct: true }),
  avg: agg(1, 1, { distinct: true }),
  min: agg(1, 1),
  max: agg(1, 1),
  quantileexactweighted: agg(2, 2, { parametric: { min: 1, max: 1 } }),
  quantileweighted: agg(3, 3),
  argmax: agg(2, 2),
  argmin: agg(2, 2),
  first_value: agg(1, 1),
  last_value: agg(1, 1),
  topk: agg(1, 1, { parametric: { min: 0, max: 1 } }),
  topkweighted: agg(2, 2, { parametric: { min: 0, max: 1 } }),
  countif: agg(1, 1),
  sumif: agg(2, 2),
  avgif: agg(2, 2),
  // Conditional.
  if: fn(3),
  // Date and time.
  formatdatetime: fn(2, 3),
  now: fn(0),
  today: fn(0),
  todatetime: fn(1, 2),
  toyear: fn(1),
  tomonth: fn(1),
  todayofweek: fn(1),
  todayofmonth: fn(1),
  tohour: fn(1),
  tominute: fn(1),
  tosecond: fn(1),
  tounixtimestamp: fn(1),
  tostartofinterval: fn(2, 3),
  tostartofyear: fn(1),
  tostartofmonth: fn(1),
  tostartofweek: fn(1),
  tostartofday: fn(1),
  tostartofhour: fn(1),
  tostartoffifteenminutes: fn(1),
  tostartoftenminutes: fn(1),
  tostartoffiveminutes: fn(1),
  tostartofminute: fn(1),
  toyyyymm: fn(1),
  // Strings.
  length: fn(1),
  empty: fn(1),
  lower: fn(1),
  lowerutf8: fn(1),
  tolower: fn(1),
  upper: fn(1),
  upperutf8: fn(1),
  toupper: fn(1),
  startswith: fn(2),
  endswith: fn(2),
  substring: fn(2, 3),
  format: { aggregate: false, min: 1, max: Number.POSITIVE_INFINITY },
  // Mathematics and rounding.
  intdiv: fn(2),
  log: fn(1),
  ln: fn(1),
  pow: fn(2),
  round: fn(1, 2),
  floor: fn(1, 2),
  ceil: fn(1, 2),
  // Bits.
  bitand: fn(2),
  bitcount: fn(1),
  bithammingdistance: fn(2),
  bitnot: fn(1),
  bitor: fn(2),
  bitrotateleft: fn(2),
  bitrotateright: fn(2),
  bitshiftleft: fn(2),
  bitshiftright: fn(2),
  bittest: fn(2),
  bitxor: fn(2),
  // Encoding and type conversion.
  bin: fn(1),
  hex: fn(1),
  touint8: fn(1),
  touint32: fn(1),
};

/** The units an INTERVAL literal and extract() take (…/sql-reference/literals/). */
export const INTERVAL_UNITS = ["YEAR", "MONTH", "DAY", "HOUR", "MINUTE", "SECOND"] as const;
export type IntervalUnit = (typeof INTERVAL_UNITS)[number];

/** The output formats of the FORMAT clause (…/sql-reference/statements/#format-clause). */
export const FORMATS = ["JSON", "JSONEachRow", "TabSeparated"] as const;
export type OutputFormat = (typeof FORMATS)[number];
