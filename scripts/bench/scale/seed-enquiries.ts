/**
 * The scale seeder's enquiries: contact messages (half from buyers, half from people who never
 * bought), their e-mails and answers, and written quotes, numbered per Nairobi year, some accepted by
 * the order that paid them.
 */
import { DAY, emitAudit, emitMail, iso, nairobiYear, OWNER, type SeedContext } from "./seed-context.ts";
import { drawLines, type OrderPlan, totalOf } from "./seed-orders.ts";
import { kraPin, makePerson, spellEmail } from "./seed-people.ts";
import { BASE64URL } from "./seed-random.ts";

const TOPICS = [
  "Our office network drops every afternoon; can you come and look at it this week?",
  "We need ten laptops set up for new staff, with e-mail and shared drives.",
  "Do you offer monthly support for a small clinic? We have six computers and a printer.",
  "Our website is slow and the contact form stopped sending. How soon could you help?",
  "Please quote for CCTV installation at our shop on Moi Avenue.",
  "Can you back up our accounting data every night and keep a copy offsite?",
  "I lost the password to my business e-mail. Can you recover it?",
  "We are moving offices next month and need the network moved with us.",
];

export function seedMessage(context: SeedContext, at: number): void {
  const { random } = context;
  const person = random.chance(0.5) ? context.pool.pickRepeat() : makePerson(random);
  const id = context.nextMessageId++;
  const answered = context.now - at > 2 * DAY ? random.chance(0.7) : random.chance(0.2);
  const answeredAt = answered ? Math.min(at + random.int(600_000, 3 * DAY), context.now) : null;
  const email = spellEmail(random, person.email);
  context.emit("contact_messages", {
    id,
    name: person.name,
    email,
    company: random.chance(0.6) ? person.company : null,
    phone: random.chance(0.7) ? person.phone : null,
    message: `${random.pick(TOPICS)}\n\n${person.name}`,
    created_at: iso(at),
    answered_at: answeredAt === null ? null : iso(answeredAt),
    answered_by: answeredAt === null ? null : OWNER,
  });
  const data = { name: person.name, messageId: id };
  const ownerSubject = `Message from ${person.name}`;
  emitMail(
    context,
    { kind: "owner-contact", key: String(id), to: OWNER, subject: ownerSubject, at, messageId: id },
    data,
  );
  if (random.chance(0.85)) {
    const subject = "We received your message";
    emitMail(context, { kind: "contact-ack", key: String(id), to: email, subject, at, messageId: id }, data);
  }
  if (answeredAt !== null && random.chance(0.5)) {
    emitAudit(context, { at: answeredAt, action: "message.answered", kind: "message", id: String(id) });
  }
}

function nextQuoteNumber(context: SeedContext, at: number): string {
  const year = nairobiYear(at);
  const n = (context.quoteCounters.get(year) ?? 0) + 1;
  context.quoteCounters.set(year, n);
  return `Q-${year}-${String(n).padStart(5, "0")}`;
}

/**
 * A written quote at `at`. With `order`, the quote that order later pays: its terms are left on the
 * plan for the order to copy, and the quote is marked accepted by it.
 */
export function seedQuote(context: SeedContext, at: number, order?: OrderPlan): void {
  const { random } = context;
  const person = order || random.chance(0.6) ? context.pool.pickRepeat() : makePerson(random);
  const email = spellEmail(random, person.email);
  const lines = drawLines(context, random.chance(0.2));
  const number = nextQuoteNumber(context, at);
  const pin = random.chance(0.4) ? kraPin(random) : null;
  if (order) order.quote = { number, person, email, lines: lines.filter((l) => !l.entry.recurring), kraPin: pin };
  // An order pays a quote's one-off lines; a quote of monthly lines alone is never accepted.
  if (order && order.quote?.lines.length === 0) order.quote.lines = drawLines(context, false);
  const quoted = order?.quote?.lines ?? lines;
  const acceptedAt = order ? order.at + random.int(30_000, 3 * DAY) : null;
  context.emit("quotes", {
    number,
    access_key: random.chars(32, BASE64URL),
    customer_name: person.name,
    customer_email: email,
    customer_company: person.company,
    currency: "usd",
    due_cents: totalOf(quoted),
    monthly_cents: totalOf(quoted.filter((line) => line.entry.recurring)),
    created_at: iso(at),
    valid_until: iso(at + 30 * DAY),
    accepted_at: acceptedAt === null ? null : iso(acceptedAt),
    accepted_order: order?.orderId ?? null,
    customer_kra_pin: pin,
  });
  quoted.forEach((line, position) => {
    context.emit("quote_lines", {
      number,
      position,
      item_id: line.entry.id,
      name: line.entry.name,
      category: line.entry.category,
      unit_amount_cents: line.entry.unitAmount,
      quantity: line.quantity,
      recurring: line.entry.recurring ? 1 : 0,
    });
  });
  const data = { quoteNumber: number, name: person.name, validUntil: iso(at + 30 * DAY) };
  emitMail(context, { kind: "quote", key: number, to: email, subject: `Your quote ${number}`, at }, data);
  emitMail(context, { kind: "owner-quote", key: number, to: OWNER, subject: `Quote ${number} requested`, at }, data);
}
