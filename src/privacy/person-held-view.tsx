/** What the People section lists about one person: each kind of row, one line per row. */
import type { ReactNode } from "react";
import { formatTime, link } from "../admin/admin-ui.tsx";
import { VisitorText } from "../admin/visitor-text.tsx";
import { formatMoney } from "../lib/money.ts";
import { adminOrderAnchor, adminQuoteAnchor } from "../paths.ts";
import { peopleCopy } from "./people-copy.ts";
import type { Person } from "./person.ts";

type Line = { key: string; at: string; text: ReactNode };
type Kind = keyof typeof peopleCopy.found.kinds;

/** The first words of a message: enough to recognise it, the export has the whole. */
const MESSAGE_SHOWN = 140;

function lines(person: Person): Record<Kind, Line[]> {
  const copy = peopleCopy.found;
  const { rows } = person;
  return {
    orders: rows.orders.map((o) => ({
      key: o.order_id,
      at: o.created_at,
      text: (
        <>
          <a className={link} href={adminOrderAnchor(o.order_id, `q=${encodeURIComponent(o.order_id)}`)}>
            <VisitorText text={o.order_ref ?? o.order_id} />
          </a>{" "}
          · {o.status.replace("_", " ")} · {formatMoney(o.total_cents, o.currency)}
        </>
      ),
    })),
    payments: rows.payments.map((p) => ({
      key: p.payment_id,
      at: p.created_at,
      text: `${formatMoney(p.amount_cents, p.currency)} · ${p.status} · ${p.provider.replace("_", " ")}`,
    })),
    paybillPayments: rows.paybillPayments.map((c) => ({
      key: c.trans_id,
      at: c.received_at,
      text: `${c.trans_id} · ${formatMoney(c.amount_cents, "kes")} · ${c.status}`,
    })),
    refunds: rows.refunds.map((r) => ({
      key: r.refund_id,
      at: r.created_at,
      text: `${formatMoney(r.amount_cents, r.currency)} · ${r.status} · ${r.channel}`,
    })),
    receipts: rows.receipts.map((r) => ({ key: r.number, at: r.created_at, text: r.number })),
    subscriptions: rows.subscriptions.map((s) => ({
      key: s.subscription_id,
      at: s.created_at,
      text: `${s.subscription_id} · ${s.status}`,
    })),
    mpesaPlans: rows.plans.map((p) => ({
      key: p.subscription_id,
      at: p.created_at,
      text: `${p.reference} · ${copy.nextDue(p.next_due_on)}`,
    })),
    quotes: rows.quotes.map((q) => ({
      key: q.number,
      at: q.created_at,
      text: (
        <>
          <a className={link} href={adminQuoteAnchor(q.number)}>
            {q.number}
          </a>{" "}
          · {q.accepted_at ? copy.accepted : copy.notAccepted}
        </>
      ),
    })),
    messages: rows.messages.map((m) => ({
      key: String(m.id),
      at: m.created_at,
      text: (
        <VisitorText text={m.message.length > MESSAGE_SHOWN ? `${m.message.slice(0, MESSAGE_SHOWN)}…` : m.message} />
      ),
    })),
    emails: rows.emails.map((e) => ({
      key: String(e.id),
      at: e.created_at,
      text: (
        <>
          {e.kind} · <VisitorText text={e.subject} /> · {e.status}
          {e.body_cleared_at ? ` · ${copy.cleared}` : ""}
        </>
      ),
    })),
    billingLinks: rows.billingLinks.map((b, i) => ({
      key: `${b.created_at}-${i}`,
      at: b.created_at,
      text: <VisitorText text={b.email} />,
    })),
    audit: rows.audit.map((a) => ({
      key: String(a.id),
      at: a.at,
      text: `${a.action} · ${a.subject_kind} ${a.subject_id}`,
    })),
  };
}

/** Each kind of row held, with its count; kinds with nothing say 0 and list nothing. */
export function PersonHeld({ person }: { person: Person }) {
  const copy = peopleCopy.found;
  const byKind = lines(person);
  return (
    <div className="mt-4 grid gap-4 md:grid-cols-2" data-person-held="">
      {(Object.keys(copy.kinds) as Kind[]).map((kind) => {
        const items = byKind[kind];
        const id = `held-${kind}`;
        return (
          <section key={kind} aria-labelledby={id} className="min-w-0 rounded-lg bg-white p-4 ring-1 ring-slate-200">
            <h3 id={id} className="text-base font-bold text-slate-900">
              {copy.kinds[kind]} <span data-count={kind}>({items.length})</span>
            </h3>
            {items.length > 0 && (
              <ul className="mt-2 space-y-1 text-sm text-slate-800">
                {items.map((line) => (
                  <li key={line.key} className="min-w-0 [overflow-wrap:anywhere]">
                    <time dateTime={line.at} className="text-slate-600">
                      {formatTime(line.at)}
                    </time>{" "}
                    · {line.text}
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}
