import type { ReactNode } from "react";
import { formatDateTime, formatShortDate } from "../lib/dates.ts";
import type { OrderStatus } from "../orders/order-status.ts";
import { adminPaymentsCopy } from "../payments/payments-admin-copy.ts";
import type { AuditRow } from "./admin-actions.ts";
import { ADMIN_TIME_ZONE, adminCopy } from "./admin-copy.ts";
import type { PagerHrefs } from "./keyset-links.ts";
import { VisitorText } from "./visitor-text.tsx";

/** A stored ISO time as the owner reads it (in the owner's zone); anything unreadable as stored. */
export const formatTime = (iso: string): string => formatDateTime(iso, ADMIN_TIME_ZONE);

/** The day of a stored time ("23 Nov 2026"), or "-". */
export const day = (iso: string | null): string => (iso ? formatShortDate(iso, ADMIN_TIME_ZONE) : "-");

/** Below md a table collapses into one card per row: every cell a block with its own label. */
export const cell = "block min-w-0 px-3 py-1.5 align-top md:table-cell md:py-3";

/** A row of a collapsing table: a card below md, a table row from md. */
export const row = "block scroll-mt-4 border-t border-slate-200 py-2 target:bg-accent-100/40 md:table-row md:py-0";

/** Underlined (never colour alone) and at least 24 px tall: touch targets stacked in a cell. */
export const link =
  "inline-flex min-h-6 max-w-full items-center text-brand-700 underline underline-offset-2 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700";

/**
 * A link whose text may be long (an e-mail address): wraps inside its cell. An inline-block at least
 * 24 px tall (20 px lines and 2 px above and below), so the e-mail and phone links stacked in a cell
 * are touch targets apart whatever the font's ascent: an inline box is only as tall as the font,
 * and Noto's (most Android phones') is taller than DejaVu's, enough for axe's target-size to fail.
 */
export const wrappingLink =
  "inline-block min-h-6 max-w-full py-0.5 text-brand-700 underline underline-offset-2 [overflow-wrap:anywhere] hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700";

export const button =
  "inline-flex min-h-9 items-center rounded-md bg-brand-700 px-3 text-sm font-semibold text-white hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700";

export const secondaryButton =
  "inline-flex min-h-9 items-center rounded-md bg-white px-3 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700";

/** A form field's box: a visible ring, a focus outline, red when aria-invalid. */
export const field =
  "mt-1 block min-h-10 w-full min-w-0 rounded-md border-0 bg-white px-3 py-2 text-sm text-slate-900 ring-1 ring-slate-300 ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 aria-invalid:ring-2 aria-invalid:ring-red-700";

/** A plain table of records in a white frame that scrolls sideways on a phone (a history, a log). */
export function RecordTable({
  caption,
  headers,
  children,
}: {
  caption: string;
  headers: readonly { label: string; right?: boolean }[];
  children: ReactNode;
}) {
  return (
    // A named region that can take focus: a keyboard can scroll it when it is wider than the phone.
    <section
      aria-label={caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe: scrollable-region-focusable)
      tabIndex={0}
      className="mt-3 overflow-x-auto rounded-lg bg-white ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
    >
      <table className="w-full text-left text-sm text-slate-800">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs tracking-wide text-slate-700 uppercase">
          <tr>
            {headers.map((header) => (
              <th key={header.label} scope="col" className={`px-3 py-2 ${header.right ? "text-right" : ""}`}>
                {header.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </section>
  );
}

export function CellLabel({ children }: { children: string }) {
  return (
    <span className="block text-xs font-semibold tracking-wide text-slate-600 uppercase md:hidden">{children}</span>
  );
}

/** A table that collapses into cards below md, in a white frame. */
export function CollapsingTable({
  caption,
  headers,
  children,
}: {
  caption: string;
  headers: readonly { label: ReactNode; right?: boolean }[];
  children: ReactNode;
}) {
  return (
    <div className="mt-4 rounded-lg bg-white ring-1 ring-slate-200">
      <table className="block w-full text-left text-sm text-slate-800 md:table">
        <caption className="sr-only">{caption}</caption>
        <thead className="hidden bg-slate-50 text-xs tracking-wide text-slate-700 uppercase md:table-header-group">
          <tr>
            {headers.map((header, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed
              <th key={i} scope="col" className={`${cell} ${header.right ? "text-right" : ""}`}>
                {header.label}
              </th>
            ))}
          </tr>
        </thead>
        {children}
      </table>
    </div>
  );
}

const badgeTone: Record<OrderStatus, string> = {
  paid: "bg-brand-100 text-brand-900 ring-brand-700/30",
  awaiting_payment: "bg-accent-100 text-accent-700 ring-accent-700/30",
  pending: "bg-slate-100 text-slate-700 ring-slate-500/30",
  payment_failed: "bg-red-50 text-red-800 ring-red-700/30",
  expired: "bg-slate-100 text-slate-600 ring-slate-500/30",
  no_payment_required: "bg-accent-100 text-accent-700 ring-accent-700/30",
  needs_review: "bg-red-50 text-red-800 ring-red-700/30",
};

export function StatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${badgeTone[status]}`}
      data-status={status}
    >
      {adminCopy.status[status]}
    </span>
  );
}

/** A neutral pill for a status word without its own colours (subscriptions, messages). */
export function Pill({
  children,
  tone = "slate",
  data,
}: {
  children: ReactNode;
  tone?: "slate" | "brand" | "red";
  data?: string;
}) {
  const tones = {
    slate: "bg-slate-100 text-slate-700 ring-slate-500/30",
    brand: "bg-brand-100 text-brand-900 ring-brand-700/30",
    red: "bg-red-50 text-red-800 ring-red-700/30",
  };
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${tones[tone]}`}
      data-status={data}
    >
      {children}
    </span>
  );
}

/** An item's audit trail (who did what, when), folded under "History"; nothing when there is none. */
export function AuditHistory({ rows }: { rows: readonly AuditRow[] | undefined }) {
  if (!rows || rows.length === 0) return null;
  const copy = adminCopy.history;
  return (
    <details className="mt-2 text-xs text-slate-700" data-audit="">
      <summary className="inline-flex min-h-6 cursor-pointer items-center font-semibold text-slate-800 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700">
        {copy.summary(rows.length)}
      </summary>
      <ol className="mt-1 space-y-1">
        {rows.map((entry) => (
          <li key={entry.id} className="min-w-0" data-audit-action={entry.action}>
            <time dateTime={entry.at}>{formatTime(entry.at)}</time> ·{" "}
            {copy.actions[entry.action] ?? adminPaymentsCopy.history[entry.action] ?? entry.action} {copy.by}{" "}
            <VisitorText text={entry.actor} />
            {entry.action === "order.note" || !entry.detail ? null : (
              <>
                {" · "}
                <VisitorText text={entry.detail} />
              </>
            )}
          </li>
        ))}
      </ol>
    </details>
  );
}

/** The pager's words: adminCopy.pagination, or a variant of it (a search's "Search on"). */
export type PagerCopy = Omit<typeof adminCopy.pagination, "searchOlder">;

/** One link of the pager; an empty slot when there is no page that way, so the others keep their place. */
function PageLink({
  href,
  rel,
  pageWord,
  children,
}: {
  href: string | null;
  rel: "prev" | "next" | "first" | "last";
  pageWord: string;
  children: ReactNode;
}) {
  if (!href) return <span className="min-w-24" />;
  // rel takes prev and next only: HTML has no first and last link types, so those go by data attribute.
  const linkRel = rel === "prev" || rel === "next" ? rel : undefined;
  return (
    <a className={secondaryButton} href={href} rel={linkRel} data-page-link={rel}>
      {children}
      <span className="sr-only"> {pageWord}</span>
    </a>
  );
}

/**
 * Newest, newer, older and oldest pages of a back-office list, each from a position in the list
 * (keyset.ts): no page numbers, which would cost a count of every row. Nothing for a single page.
 */
export function KeysetPager({ links, copy = adminCopy.pagination }: { links: PagerHrefs; copy?: PagerCopy }) {
  if (!links.newer && !links.older && !links.newest && !links.oldest) return null;
  const { pageWord } = copy;
  return (
    <nav aria-label={copy.label} className="mt-6 flex flex-wrap items-center justify-between gap-3">
      <div className="flex flex-wrap gap-3">
        <PageLink href={links.newest} rel="first" pageWord={pageWord}>
          {copy.newest}
        </PageLink>
        <PageLink href={links.newer} rel="prev" pageWord={pageWord}>
          <span aria-hidden="true">←&nbsp;</span>
          {copy.newer}
        </PageLink>
      </div>
      <div className="flex flex-wrap gap-3">
        <PageLink href={links.older} rel="next" pageWord={pageWord}>
          {copy.older}
          <span aria-hidden="true">&nbsp;→</span>
        </PageLink>
        <PageLink href={links.oldest} rel="last" pageWord={pageWord}>
          {copy.oldest}
        </PageLink>
      </div>
    </nav>
  );
}

/**
 * A list's "No orders match." — left out when a search stopped at its time budget, whose notice
 * already says that nothing was found in the part read and how to go on.
 */
export function NoRows({ text, stopped }: { text: string; stopped: boolean }) {
  return stopped ? null : <p className="mt-4 text-slate-600">{text}</p>;
}
