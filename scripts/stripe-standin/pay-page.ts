import type { StoredSession } from "./sessions.ts";
import { sessionTotal } from "./sessions.ts";

const STYLE = `
  body { font-family: system-ui, sans-serif; margin: 0; padding: 0 .75rem; background: #f8fafc; color: #0f172a; line-height: 1.5; }
  main { box-sizing: border-box; max-width: 40rem; margin: 1rem auto; padding: .75rem; background: #fff; border: 1px solid #cbd5e1; border-radius: .75rem; }
  @media (min-width: 40rem) { main { margin: 2rem auto; padding: 1.5rem; } }
  .table-wrap { overflow-x: auto; }
  .banner { background: #fef3c7; color: #78350f; border: 2px solid #b45309; border-radius: .5rem; padding: .75rem 1rem; font-weight: 600; }
  table { width: 100%; border-collapse: collapse; margin: 1rem 0; }
  caption { text-align: left; font-weight: 600; margin-bottom: .5rem; }
  th, td { padding: .5rem .25rem; border-bottom: 1px solid #e2e8f0; text-align: left; vertical-align: top; }
  td.num, th.num { text-align: right; }
  td.num { white-space: nowrap; }
  @media (max-width: 30rem) { table { font-size: .875rem; } }
  tfoot th, tfoot td { font-weight: 700; border-bottom: 0; }
  .actions { display: flex; gap: 1rem; align-items: center; flex-wrap: wrap; }
  button { font: inherit; font-weight: 600; background: #0f766e; color: #fff; border: 0; border-radius: .5rem; padding: .75rem 1.5rem; cursor: pointer; }
  a { color: #0f5f59; }
  button:focus-visible, a:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
  .muted { color: #475569; font-size: .9rem; }
`;

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function money(cents: number, currency: string): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(cents / 100);
}

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

const BANNER =
  '<p class="banner" role="note">TEST payment page of the local Stripe stand-in. No real card is charged and no card details are asked for.</p>';

/** The stand-in's hosted payment page: what is being bought, a Pay button and a way back. */
export function payPage(session: StoredSession): string {
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
  const expired =
    session.status === "expired"
      ? `<p><strong>This test payment page has expired.</strong> Nothing was charged.</p>${
          params.cancelUrl ? `<p><a href="${escapeHtml(params.cancelUrl)}">Return to the site</a></p>` : ""
        }`
      : null;
  const paid = session.status === "complete";
  const actions = expired
    ? expired
    : paid
      ? `<p><strong>This test payment is complete.</strong></p><p><a href="${escapeHtml(successUrl(session))}">Return to the site</a></p>`
      : `<div class="actions"><form method="post" action="/pay/${escapeHtml(session.id)}"><button type="submit">Pay ${total}</button></form>${
          params.cancelUrl ? `<a href="${escapeHtml(params.cancelUrl)}">Cancel and return to the site</a>` : ""
        }</div>`;
  return layout(
    `Test payment ${total} - local Stripe stand-in`,
    `${BANNER}<h1>Test payment: ${total}</h1>${email}<div class="table-wrap"><table><caption>Order (${escapeHtml(params.mode)} mode)</caption><thead><tr><th scope="col">Item</th><th scope="col" class="num">Qty</th><th scope="col" class="num">Unit price</th><th scope="col" class="num">Amount</th></tr></thead><tbody>${rows}</tbody><tfoot><tr><th scope="row" colspan="3">Total due today</th><td class="num">${total}</td></tr></tfoot></table></div>${subscriptionNote}${actions}<p class="muted">Session ${escapeHtml(session.id)}</p>`,
  );
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
