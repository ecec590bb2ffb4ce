/**
 * What the owner's insight page shows (docs/insight.md): the funnel with each step's share of the
 * step before, the top pages, referrers and countries and M-Pesa's result codes (from Analytics
 * Engine's SQL API), and revenue by channel (from the payments ledger in D1, complete whatever the
 * SQL API does). The page draws it (insight-page.tsx); nothing here knows markup.
 */
import type { WorkContext } from "../http/work-context.ts";
import { ADMIN_INSIGHT_PATH } from "../paths.ts";
import { type AnalyticsFailure, type AnalyticsRow, countOf, runAnalyticsQueries, textOf } from "./analytics-api.ts";
import { type InsightChannel, type InsightEvent, insightChannels } from "./event-point.ts";
import { type InsightDays, insightPeriods, insightQueries, periodWindow } from "./insight-queries.ts";
import { type RevenueRow, revenueByChannel } from "./revenue-queries.ts";

type StepKey = "visitors" | "carts" | "quotes" | "checkouts" | "paid";

export type FunnelStep = {
  key: StepKey;
  /** The step's number: visitors who reached it (the first four), successful payments (paid). */
  count: number;
  /** Its events: page views, additions, quotes saved, checkouts started; failed payments for paid. */
  events: number;
  /** Checkouts started and payments made, by channel (only channels with any). */
  byChannel: { channel: InsightChannel; events: number }[];
  /** Its share of the step before ("45%", "2.5%"), "—" when that was 0; null for the first step. */
  conversion: string | null;
};

export type TopRow = { label: string; views: number; visitors: number };
export type CodeRow = { code: string; payments: number };

export type InsightEvents =
  | { ok: true; funnel: FunnelStep[]; pages: TopRow[]; referrers: TopRow[]; countries: TopRow[]; codes: CodeRow[] }
  | AnalyticsFailure;

export type InsightView = {
  days: InsightDays;
  periods: { days: InsightDays; href: string; current: boolean }[];
  /** Where the period starts (an ISO time, a Nairobi midnight). */
  from: string;
  events: InsightEvents;
  /** null when the ledger could not be read. */
  revenue: RevenueRow[] | null;
};

/**
 * The period the owner asked for: `days` absent is the last 7 days; 1, 7 or 30 written plainly,
 * once; anything else (another number, a repeat, text) is null, which the route refuses.
 */
export function parseDays(values: readonly string[] | undefined): InsightDays | null {
  if (!values || values.length === 0) return 7;
  if (values.length > 1) return null;
  return insightPeriods.find((days) => String(days) === values[0]) ?? null;
}

/**
 * A step's share of the step before, as a percentage: whole above 10% ("45%"), one decimal below
 * ("2.5%", so a small share does not read as 0%), "<0.1%" under that; "—" when the step before
 * had none. It may pass 100% (paybill payments start no checkout on the site).
 */
function conversionOf(count: number, previous: number): string {
  if (previous <= 0) return "—";
  const share = (count / previous) * 100;
  if (share === 0) return "0%";
  if (share < 0.05) return "<0.1%";
  return share < 10 ? `${(Math.round(share * 10) / 10).toString()}%` : `${Math.round(share)}%`;
}

type StepRow = { event: string; channel: string; outcome: string; events: number };

function stepRowsOf(rows: AnalyticsRow[]): StepRow[] {
  return rows.map((row) => ({
    event: textOf(row.event),
    channel: textOf(row.channel),
    outcome: textOf(row.outcome),
    events: countOf(row.events),
  }));
}

function byChannel(rows: StepRow[], matches: (row: StepRow) => boolean): FunnelStep["byChannel"] {
  return insightChannels
    .map((channel) => ({
      channel,
      events: rows.filter((row) => row.channel === channel && matches(row)).reduce((sum, row) => sum + row.events, 0),
    }))
    .filter((entry) => entry.events > 0);
}

/** The five steps, from the events by kind, channel and outcome and the visitors by kind. */
function funnelOf(stepRows: AnalyticsRow[], visitorRows: AnalyticsRow[]): FunnelStep[] {
  const steps = stepRowsOf(stepRows);
  const eventsOf = (event: InsightEvent, outcome?: string) =>
    steps
      .filter((row) => row.event === event && (outcome === undefined || row.outcome === outcome))
      .reduce((sum, row) => sum + row.events, 0);
  const visitorsOf = (event: InsightEvent) =>
    visitorRows.filter((row) => textOf(row.event) === event).reduce((sum, row) => sum + countOf(row.visitors), 0);
  const draft: Omit<FunnelStep, "conversion">[] = [
    { key: "visitors", count: visitorsOf("view"), events: eventsOf("view"), byChannel: [] },
    { key: "carts", count: visitorsOf("cart"), events: eventsOf("cart"), byChannel: [] },
    { key: "quotes", count: visitorsOf("quote"), events: eventsOf("quote"), byChannel: [] },
    {
      key: "checkouts",
      count: visitorsOf("checkout"),
      events: eventsOf("checkout"),
      byChannel: byChannel(steps, (row) => row.event === "checkout"),
    },
    {
      key: "paid",
      count: eventsOf("payment", "succeeded"),
      events: eventsOf("payment", "failed"),
      byChannel: byChannel(steps, (row) => row.event === "payment" && row.outcome === "succeeded"),
    },
  ];
  return draft.map((step, i) => ({
    ...step,
    conversion: i === 0 ? null : conversionOf(step.count, (draft[i - 1] as FunnelStep).count),
  }));
}

const topRowsOf = (rows: AnalyticsRow[], column: string): TopRow[] =>
  rows.map((row) => ({ label: textOf(row[column]), views: countOf(row.views), visitors: countOf(row.visitors) }));

async function eventsOf(context: WorkContext, days: InsightDays, now: Date): Promise<InsightEvents> {
  const answer = await runAnalyticsQueries(context.env, insightQueries(days, now));
  if (!answer.ok) {
    if (answer.reason !== "not_configured") {
      context.log.warn("The insight numbers could not be read", { reason: answer.reason, detail: answer.message });
    }
    return answer;
  }
  const { rows } = answer;
  return {
    ok: true,
    funnel: funnelOf(rows.steps, rows.visitors),
    pages: topRowsOf(rows.pages, "route"),
    referrers: topRowsOf(rows.referrers, "referrer"),
    countries: topRowsOf(rows.countries, "country"),
    codes: rows.resultCodes.map((row) => ({ code: textOf(row.code), payments: countOf(row.payments) })),
  };
}

async function revenueOf(context: WorkContext, from: string): Promise<RevenueRow[] | null> {
  try {
    return await revenueByChannel(context.env.DB, from);
  } catch (error) {
    context.log.error("The revenue by channel could not be read", { error });
    return null;
  }
}

/** The page's data for the period ending at `now`: the SQL API and the ledger are asked at once. */
export async function insightView(context: WorkContext, days: InsightDays, now: Date): Promise<InsightView> {
  const from = new Date(periodWindow(days, now).from * 1000).toISOString();
  const [events, revenue] = await Promise.all([eventsOf(context, days, now), revenueOf(context, from)]);
  const periods = insightPeriods.map((period) => ({
    days: period,
    href: `${ADMIN_INSIGHT_PATH}?days=${period}`,
    current: period === days,
  }));
  return { days, periods, from, events, revenue };
}
