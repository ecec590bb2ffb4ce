/**
 * The back office's Paybill page: every payment Daraja's C2B API confirmed. The ones waiting for
 * the owner come first, all of them up to UNMATCHED_SHOWN, each with its Assign form; then the
 * matched and assigned ones, newest first, a page at a time from a position (admin/keyset.ts), so
 * the page costs the same at 100 payments or 100,000.
 */

import { AdminHeader } from "../admin/admin-chrome.tsx";
import { adminCopy } from "../admin/admin-copy.ts";
import { KeysetPager, link } from "../admin/admin-ui.tsx";
import { ADMIN_PAYBILL_PATH } from "../paths.ts";
import type { Page } from "../render/page.ts";
import { paybillCopy } from "./paybill-copy.ts";
import type { PaybillView } from "./paybill-listing.ts";
import { PaymentTable } from "./paybill-rows.tsx";

const copy = paybillCopy.page;

/** How many wait; on an older page of the history, with the way back to them. */
function WaitingCount({ view }: { view: PaybillView }) {
  const n = view.unmatchedCount;
  return (
    <p className="mt-4 text-sm font-semibold text-slate-800" data-unmatched={n}>
      {n > 0 ? copy.unmatchedCount(n) : copy.noneUnmatched}
      {n > 0 && view.unmatched === null && (
        <>
          {" "}
          <a className={link} href={ADMIN_PAYBILL_PATH} data-see-unmatched="">
            {copy.seeUnmatched}
          </a>
        </>
      )}
    </p>
  );
}

/** The payments waiting for the owner, the longest waiting first; nothing when none wait. */
function Waiting({ view }: { view: PaybillView }) {
  const rows = view.unmatched;
  if (!rows || rows.length === 0) return null;
  return (
    <section aria-labelledby="unmatched-heading" className="mt-6" data-list="unmatched">
      <h2 id="unmatched-heading" className="text-xl font-bold text-slate-900">
        {copy.unmatchedHeading}
      </h2>
      {view.unmatchedCount > rows.length && (
        <p className="mt-1 max-w-3xl text-sm text-slate-700" data-unmatched-beyond="">
          {copy.unmatchedBeyond(rows.length, view.unmatchedCount)}
        </p>
      )}
      <PaymentTable caption={copy.unmatchedCaption} payments={rows} />
    </section>
  );
}

/** The matched and assigned payments of this page, their count and the pager. */
function Settled({ view }: { view: PaybillView }) {
  // No rows but a way back: a stale position past the list's end, not an empty list.
  const paged = Boolean(view.pages.newest || view.pages.oldest);
  return (
    <section aria-labelledby="settled-heading" className="mt-8" data-list="settled">
      <h2 id="settled-heading" className="text-xl font-bold text-slate-900">
        {copy.settledHeading}
      </h2>
      <p
        className="mt-1 text-sm font-semibold text-slate-800"
        data-total={view.settledTotal ? (view.settledTotal.more ? "more" : view.settledTotal.n) : undefined}
      >
        {copy.settledCount(view.settledTotal)}
      </p>
      {view.settled.length === 0 ? (
        <p className="mt-4 text-slate-700">{paged ? copy.settledPast : copy.settledNone}</p>
      ) : (
        <PaymentTable caption={copy.settledCaption} payments={view.settled} />
      )}
      <KeysetPager links={view.pages} />
    </section>
  );
}

function PaybillBody({ view, who }: { view: PaybillView; who: string }) {
  const nothing = view.unmatchedCount === 0 && view.settledTotal?.n === 0;
  return (
    <>
      <AdminHeader current="paybill" who={who} />
      <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">{copy.title}</h1>
        <p className="mt-2 max-w-3xl text-sm text-slate-700">{copy.lead}</p>
        {view.assigned && (
          <p
            className="mt-4 rounded-md bg-brand-100 px-3 py-2 text-sm font-semibold text-brand-900"
            role="status"
            data-notice="assigned"
          >
            {copy.assigned(view.assigned.transId, view.assigned.orderId)}
          </p>
        )}
        <WaitingCount view={view} />
        {nothing ? (
          <p className="mt-4 text-slate-700">{copy.empty}</p>
        ) : (
          <>
            <Waiting view={view} />
            <Settled view={view} />
          </>
        )}
      </main>
    </>
  );
}

/** The Paybill page for the signed-in owner. */
export function paybillPage(view: PaybillView, who: string): Page {
  return {
    path: ADMIN_PAYBILL_PATH,
    title: adminCopy.sectionTitle(copy.title),
    description: "",
    layout: "back-office",
    render: () => <PaybillBody view={view} who={who} />,
  };
}
