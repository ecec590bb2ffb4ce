/** The register's pieces both its pages show: an entry's 72-hour clock and its risk. */

import { Pill } from "../admin/admin-ui.tsx";
import type { BreachRisk } from "../db/breach-tables.ts";
import { type BreachClock, clockLine } from "./breach-clock.ts";
import { breachCopy } from "./breach-copy.ts";

/** Overdue in red, running in amber, notified in green, nothing due in grey; the words say it too. */
const clockTone: Record<BreachClock["state"], string> = {
  overdue: "bg-red-50 text-red-900 ring-red-700/40",
  running: "bg-accent-100 text-accent-700 ring-accent-700/30",
  notified: "bg-brand-100 text-brand-900 ring-brand-700/30",
  not_required: "bg-slate-100 text-slate-700 ring-slate-500/30",
};

/** Where the ODPC's 72 hours stand, in words, computed on the server at the page's time. */
export function ClockStatus({ clock, large = false }: { clock: BreachClock; large?: boolean }) {
  return (
    <p
      className={`inline-block rounded-md px-2 py-1 font-semibold ring-1 ring-inset ${clockTone[clock.state]} ${large ? "text-base" : "text-sm"}`}
      data-clock={clock.state}
    >
      {clockLine(clock)}
    </p>
  );
}

/** The risk as a word in a pill: a real risk in red, being assessed in grey, none in green. */
export function RiskPill({ risk }: { risk: BreachRisk }) {
  const tone = risk === "yes" ? "red" : risk === "no" ? "brand" : "slate";
  return (
    <Pill tone={tone} data={risk}>
      {breachCopy.risks[risk]}
    </Pill>
  );
}
