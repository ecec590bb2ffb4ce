import { escapeHtml, layout, money } from "./html.ts";
import type { StoredSession } from "./sessions.ts";
import { sessionTotal } from "./sessions.ts";

/** What the tester picks on the payment page; an empty form (a plain POST) pays. */
export type PayOutcome = "paid" | "card_declined" | "bank_debit_succeeds" | "bank_debit_fails";

export const PAY_OUTCOMES: readonly PayOutcome[] = ["paid", "card_declined", "bank_debit_succeeds", "bank_debit_fails"];

const BANNER =
  '<p class="banner" role="note">TEST payment page of the local Stripe stand-in. No real card is charged and no card details are asked for.</p>';

/**
 * The stand-in's hosted payment page: what is being bought, a button per test outcome and a way
 * back. `declined` shows the card refusal after that choice (the session stays open).
 */
export function payPage(session: StoredSession, declined = false): string {
  const { params } = session;
  const rows = params.lines
    .map((line) => {
      const every = line.recurring ? `<br><span class="muted">per ${line.recurring.interval}</span>` : "";
      const description = line.description ? `<br><span class="muted">${escapeHtml(line.description)}</span>` : "";
      return `<tr><td>${escapeHtml(line.name)}${description}</td><td class="num">${line.quantity}</td><td class="num">${money(line.unitAmount, line.currency)}${every}</td><td class="num">${money(line.unitAmount * line.quantity, line.currency)}</td></tr>`;
    })
    .join("");
  const total = money(sessionTotal(params.lines), params.currency);
  const subscriptionNote =
    params.mode === "subscription"
      ? '<p class="muted">Subscription: monthly items recur every month; one-time items are charged on the first invoice only.</p>'
      : "";
  const email = params.customerEmail ? `<p>Customer: ${escapeHtml(params.customerEmail)}</p>` : "";
  const declinedNote = declined
    ? '<p class="alert" role="alert"><strong>Your card was declined</strong> (test outcome). Nothing was charged and the payment is still open: choose another outcome or cancel.</p>'
    : "";
  return layout(
    `Test payment ${total} - local Stripe stand-in`,
    `${BANNER}<h1>Test payment: ${total}</h1>${email}<div class="table-wrap"><table><caption>Order (${escapeHtml(params.mode)} mode)</caption><thead><tr><th scope="col">Item</th><th scope="col" class="num">Qty</th><th scope="col" class="num">Unit price</th><th scope="col" class="num">Amount</th></tr></thead><tbody>${rows}</tbody><tfoot><tr><th scope="row" colspan="3">Total due today</th><td class="num">${total}</td></tr></tfoot></table></div>${subscriptionNote}${declinedNote}${actions(session, total)}<p class="muted">Session ${escapeHtml(session.id)}</p>`,
  );
}

function actions(session: StoredSession, total: string): string {
  const { cancelUrl } = session.params;
  if (session.status === "expired") {
    return `<p><strong>This test payment page has expired.</strong> Nothing was charged.</p>${
      cancelUrl ? `<p><a href="${escapeHtml(cancelUrl)}">Return to the site</a></p>` : ""
    }`;
  }
  if (session.status === "complete") {
    const state = session.pending ? "is waiting for the bank debit to settle" : "is complete";
    return `<p><strong>This test payment ${state}.</strong></p><p><a href="${escapeHtml(successUrl(session))}">Return to the site</a></p>`;
  }
  // One form, one button per outcome: the button's name/value says which was chosen. The first
  // keeps its "Pay $…" name, the one tests and people have always clicked.
  const choice = (outcome: PayOutcome, label: string, secondary = true) =>
    `<button type="submit" name="outcome" value="${outcome}"${secondary ? ' class="secondary"' : ""}>${label}</button>`;
  return `<form method="post" action="/pay/${escapeHtml(session.id)}"><fieldset><legend>Test outcome</legend><div class="actions">${[
    choice("paid", `Pay ${total} (succeeds)`, false),
    choice("card_declined", "Card declined"),
    choice("bank_debit_succeeds", "Bank debit: pending, then succeeds"),
    choice("bank_debit_fails", "Bank debit: pending, then fails"),
  ].join("")}</div></fieldset></form>${
    cancelUrl ? `<p><a href="${escapeHtml(cancelUrl)}">Cancel and return to the site</a></p>` : ""
  }`;
}

export function notFoundPage(id: string): string {
  return layout(
    "Unknown test payment - local Stripe stand-in",
    `${BANNER}<h1>No such test payment</h1><p>The local Stripe stand-in has no session ${escapeHtml(id)}. Sessions live only as long as the stand-in runs.</p>`,
  );
}

/** Where Stripe sends the customer after paying: success_url with the session id filled in. */
export function successUrl(session: StoredSession): string {
  return session.params.successUrl.replaceAll("{CHECKOUT_SESSION_ID}", session.id);
}
