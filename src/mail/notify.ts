import type { Logger } from "../http/log.ts";
import type { OrderItemRow, OrderRow } from "../orders/repository.ts";
import { ADMIN_PATH } from "../paths.ts";
import type { ContactMessage } from "../schemas/contact-message.ts";
import { countRecent } from "./outbox.ts";
import { queueMail } from "./queue-mail.ts";
import type { MailOrderLine } from "./types.ts";

/** At most this many acknowledgements to one address a day (and one an hour): the form cannot mail strangers. */
const ACKS_PER_RECIPIENT_PER_DAY = 3;
const ACKS_PER_RECIPIENT_PER_HOUR = 1;

function mailLines(items: OrderItemRow[]): MailOrderLine[] {
  return items.map((item) => ({
    name: item.name,
    category: item.category,
    quantity: item.quantity,
    unitAmountCents: item.unit_amount_cents,
    recurring: item.recurring === 1,
  }));
}

/**
 * An order became paid: the buyer's confirmation and the owner's notice. Called by every path that
 * can see the payment (webhook, success page); the outbox's dedupe keys make it one e-mail each.
 */
export async function notifyOrderPaid(
  env: Env,
  order: OrderRow & { items: OrderItemRow[] },
  origin: string,
  log: Logger,
): Promise<void> {
  const lines = mailLines(order.items);
  const monthlyCents = lines
    .filter((line) => line.recurring)
    .reduce((sum, line) => sum + line.unitAmountCents * line.quantity, 0);
  const totals = { paidTodayCents: order.total_cents, monthlyCents };
  const orderId = order.session_id;
  await queueMail(
    env,
    {
      kind: "order-confirmed",
      dedupeKey: `order-confirmed:${orderId}`,
      to: order.customer_email,
      orderId,
      data: { orderId, customerName: order.customer_name, lines, ...totals },
    },
    log,
  );
  await queueMail(
    env,
    {
      kind: "owner-new-order",
      dedupeKey: `owner-new-order:${orderId}`,
      orderId,
      data: {
        orderId,
        customer: {
          name: order.customer_name,
          email: order.customer_email,
          phone: order.customer_phone,
          company: order.customer_company,
          address: order.address,
          city: order.city,
          state: order.state,
          zip: order.zip,
          country: order.country,
        },
        lines,
        ...totals,
        adminUrl: `${origin}${ADMIN_PATH}#order-${encodeURIComponent(orderId)}`,
      },
    },
    log,
  );
}

/**
 * A contact message arrived: the owner gets it (Reply-To the sender), and the sender a fixed
 * acknowledgement that repeats nothing they typed, at most a few a day per address.
 */
export async function notifyContactMessage(
  env: Env,
  messageId: number,
  message: ContactMessage,
  log: Logger,
): Promise<void> {
  await queueMail(
    env,
    {
      kind: "owner-contact",
      dedupeKey: `owner-contact:${messageId}`,
      messageId,
      data: {
        messageId,
        name: message.name,
        email: message.email,
        company: message.company || null,
        phone: message.phone || null,
        message: message.message,
      },
    },
    log,
  );
  const recipient = message.email;
  const [lastHour, lastDay] = await Promise.all([
    countRecent(env.DB, "contact-ack", recipient, 60 * 60),
    countRecent(env.DB, "contact-ack", recipient, 24 * 60 * 60),
  ]);
  if (lastHour >= ACKS_PER_RECIPIENT_PER_HOUR || lastDay >= ACKS_PER_RECIPIENT_PER_DAY) {
    log.warn("Contact acknowledgement not sent: this address had one recently", { messageId });
    return;
  }
  await queueMail(
    env,
    { kind: "contact-ack", dedupeKey: `contact-ack:${messageId}`, to: recipient, messageId, data: {} },
    log,
  );
}
