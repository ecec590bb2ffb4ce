import { escapeHtml, layout } from "../stripe-standin/html.ts";
import { type Delivery, OUTCOMES, type Outcome, type StoredPush } from "./pushes.ts";

const BANNER =
  '<p class="banner" role="note">TEST phone prompt of the local M-Pesa stand-in. No money moves and no PIN is asked for.</p>';

const kes = (amount: number) => `KES ${amount.toLocaleString("en-US")}`;

/**
 * What the buyer's phone would show for an STK push: who asks, how much, for which account, and
 * one button per answer. Once answered: the result and what happened to the callback.
 */
export function promptPage(push: StoredPush, returnUrl: string | null): string {
  const { request } = push;
  const amount = kes(request.amount);
  const details = `<table><caption>M-Pesa payment request</caption><tbody>
<tr><th scope="row">Amount</th><td>${amount}</td></tr>
<tr><th scope="row">Paybill</th><td>${escapeHtml(request.shortcode)}</td></tr>
<tr><th scope="row">Account</th><td>${escapeHtml(request.accountReference)}</td></tr>
<tr><th scope="row">Description</th><td>${escapeHtml(request.description)}</td></tr>
<tr><th scope="row">Phone</th><td>${escapeHtml(request.phone)}</td></tr>
</tbody></table>`;
  const body = push.state === "pending" ? choices(push, returnUrl) : result(push);
  return layout(
    `M-Pesa prompt ${amount} - local M-Pesa stand-in`,
    `${BANNER}<h1>Pay ${amount} to paybill ${escapeHtml(request.shortcode)}?</h1>${details}${body}${back(returnUrl)}<p class="muted">CheckoutRequestID ${escapeHtml(push.checkoutRequestId)}</p>`,
  );
}

function choices(push: StoredPush, returnUrl: string | null): string {
  const query = returnUrl ? `?return=${encodeURIComponent(returnUrl)}` : "";
  const buttons = (Object.keys(OUTCOMES) as Outcome[])
    .map(
      (outcome, i) =>
        `<button type="submit" name="outcome" value="${outcome}"${i === 0 ? "" : ' class="secondary"'}>${escapeHtml(OUTCOMES[outcome].label)}</button>`,
    )
    .join("");
  return `<form method="post" action="/__prompt/${encodeURIComponent(push.checkoutRequestId)}${escapeHtml(query)}"><fieldset><legend>Answer on the phone (test outcome)</legend><div class="actions">${buttons}</div></fieldset></form><p class="muted">Each answer sends Safaricom's callback to ${escapeHtml(push.request.callbackUrl)}.</p>`;
}

function result(push: StoredPush): string {
  const paid = push.resultCode === 0;
  const headline = paid
    ? `Paid. M-Pesa receipt ${escapeHtml(push.receipt ?? "")}.`
    : `Not paid: ${escapeHtml(push.resultDesc ?? "")} (result code ${push.resultCode}).`;
  const last = push.deliveries.at(-1);
  return `<div role="status"><p><strong>${headline}</strong></p><p>${delivered(last, push.request.callbackUrl)}</p></div>`;
}

function delivered(delivery: Delivery | undefined, url: string): string {
  if (!delivery) return "The callback was not sent (a test chose not to).";
  if (delivery.error) return `The callback to ${escapeHtml(url)} failed: ${escapeHtml(delivery.error)}.`;
  return `The callback was sent to ${escapeHtml(url)}: HTTP ${delivery.status}.`;
}

function back(returnUrl: string | null): string {
  return returnUrl
    ? `<p><a href="${escapeHtml(returnUrl)}">Return to the site</a></p>`
    : "<p>Go back to the site's tab: it sees the answer by itself.</p>";
}

export function unknownPushPage(id: string): string {
  return layout(
    "Unknown M-Pesa prompt - local M-Pesa stand-in",
    `${BANNER}<h1>No such M-Pesa prompt</h1><p>The local M-Pesa stand-in has no push ${escapeHtml(id)}. Pushes live only as long as the stand-in runs.</p>`,
  );
}
