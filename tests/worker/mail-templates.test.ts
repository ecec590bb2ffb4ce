import { describe, expect, it } from "vitest";
import { billingLink, renewalFailed } from "../../src/billing/billing-link-mail.ts";
import { contactAck } from "../../src/contact/contact-ack-mail.ts";
import { type OwnerContactData, ownerContact } from "../../src/contact/owner-contact-mail.ts";
import type { MailOrderLine, RenderedMail } from "../../src/mail/mail-types.ts";
import { type OrderConfirmedData, orderConfirmed } from "../../src/mail/order-confirmed-mail.ts";
import { type OwnerNewOrderData, ownerNewOrder } from "../../src/mail/owner-new-order-mail.ts";
import { ownerNotice } from "../../src/mail/owner-notice-mail.ts";
import { company } from "../../src/site/company-copy.ts";

const context = { company };
const XSS_NAME = "<img src=x onerror=alert(1)>";

const subscriptionLines: MailOrderLine[] = [
  { name: "Business", category: "Monthly Subscription", quantity: 1, unitAmountCents: 37500, recurring: true },
  { name: "Quick Tech Fix", category: "One-Time Service", quantity: 2, unitAmountCents: 5000, recurring: false },
];
const paymentLines: MailOrderLine[] = [
  { name: "Network Setup", category: "One-Time Service", quantity: 2, unitAmountCents: 125000, recurring: false },
  { name: "Security Audit", category: "One-Time Service", quantity: 1, unitAmountCents: 99950, recurring: false },
];

const order = (overrides: Partial<OrderConfirmedData> = {}): OrderConfirmedData => ({
  orderId: "cs_test_sample",
  customerName: "Zoë Wanjiku",
  lines: subscriptionLines,
  paidTodayCents: 47500,
  monthlyCents: 37500,
  ...overrides,
});

const ADDRESS = { address: "12 Moi Avenue", city: "Nairobi", state: "Nairobi County", zip: "00100", country: "Kenya" };

function ownerOrder(name = "Zoë Wanjiku", base: OrderConfirmedData = order()): OwnerNewOrderData {
  const { customerName: _, ...rest } = base;
  const customer = { name, email: "zoe@example.co.ke", phone: "+254722000000", company: "Wanjiku Traders", ...ADDRESS };
  return { ...rest, customer, adminUrl: "https://acacia.example/admin#order-cs_test_sample" };
}

const contact = (overrides: Partial<OwnerContactData> = {}): OwnerContactData => ({
  messageId: 7,
  name: "Amina Otieno",
  email: "amina@example.com",
  company: "Otieno Logistics",
  phone: "+254 711 000 000",
  message: "Hello,\nWe need help with our network.",
  ...overrides,
});

const every: [string, () => RenderedMail][] = [
  ["order-confirmed", () => orderConfirmed.render(order(), context)],
  ["owner-new-order", () => ownerNewOrder.render(ownerOrder(), context)],
  ["owner-contact", () => ownerContact.render(contact(), context)],
  ["contact-ack", () => contactAck.render({}, context)],
];

describe.each(every)("%s", (_kind, render) => {
  it("has a one-line subject and both parts, each with the company's registration number", () => {
    const mail = render();
    expect(mail.subject.trim()).not.toBe("");
    expect(mail.subject).not.toMatch(/[\r\n]/);
    for (const part of [mail.text, mail.html]) {
      expect(part.trim()).not.toBe("");
      expect(part).toContain("PVT-EY13PPMZ");
      expect(part).toContain(company.legalName);
    }
    expect(mail.html).toMatch(/^<!DOCTYPE html>\s*<html lang="en">/);
    expect(mail.html).toMatch(/<title>[^<]+<\/title>/);
    expect(mail.html).not.toMatch(/<(img|script|link|style)\b/i);
  });
});

describe("escaping user text in HTML", () => {
  it("a buyer's name is escaped in the confirmation and the owner's notice", () => {
    for (const mail of [
      orderConfirmed.render(order({ customerName: XSS_NAME }), context),
      ownerNewOrder.render(ownerOrder(XSS_NAME), context),
    ]) {
      expect(mail.html).not.toContain(XSS_NAME);
      expect(mail.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    }
  });

  it("a contact message is escaped and keeps its line breaks", () => {
    const mail = ownerContact.render(
      contact({ name: XSS_NAME, company: `"Quoted" & 'Co'`, message: "Hi\r\n<script>alert(1)</script>\nBye" }),
      context,
    );
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain(XSS_NAME);
    expect(mail.html).toContain("&lt;img");
    expect(mail.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(mail.html).toContain("&quot;Quoted&quot; &amp; &#39;Co&#39;");
    expect(mail.html).toMatch(/Hi<br>\s*&lt;script&gt;alert\(1\)&lt;\/script&gt;<br>\s*Bye/);
    expect(mail.text).toContain("Hi\n<script>alert(1)</script>\nBye");
  });
});

describe("subjects with user text", () => {
  it("a name with CR/LF cannot add a header", () => {
    const name = "Amina\r\nBcc: x@y";
    for (const subject of [
      ownerContact.render(contact({ name }), context).subject,
      ownerNewOrder.render(ownerOrder(name), context).subject,
    ]) {
      expect(subject).not.toMatch(/[\r\n]/);
      expect(subject).toContain("Amina Bcc: x@y");
    }
    // In the body too, a typed line break cannot fake a field of its own.
    const { text } = ownerContact.render(contact({ name }), context);
    expect(text).toMatch(/^Name: +Amina Bcc: x@y$/m);
    expect(text).not.toMatch(/^Bcc:/m);
  });

  it("a very long name is cut short", () => {
    const subject = ownerContact.render(contact({ name: "A".repeat(500) }), context).subject;
    expect(subject.length).toBeLessThan(120);
    expect(ownerNewOrder.render(ownerOrder(), context).subject).toBe("New paid order: $475.00 from Zoë Wanjiku");
  });
});

describe("order totals", () => {
  it("a payment order: line totals with quantities, paid today, nothing monthly", () => {
    const data = order({ lines: paymentLines, paidTodayCents: 349950, monthlyCents: 0 });
    const mail = orderConfirmed.render(data, context);
    expect(mail.subject).toMatch(/^Order confirmed/);
    expect(mail.text).toMatch(/Network Setup\s+2\s+\$1,250\.00\s+\$2,500\.00/);
    expect(mail.text).toMatch(/Security Audit\s+1\s+\$999\.50\s+\$999\.50/);
    expect(mail.text).toContain("Paid today: $3,499.50");
    expect(mail.text).not.toMatch(/per month/);
    expect(mail.html).toContain("$2,500.00");
    expect(mail.html).toContain("Paid today: $3,499.50");
    expect(ownerNewOrder.render(ownerOrder("Zoë", data), context).subject).toBe("New paid order: $3,499.50 from Zoë");
  });

  it("a subscription order: first month and one-time items today, then the plan per month", () => {
    for (const mail of [orderConfirmed.render(order(), context), ownerNewOrder.render(ownerOrder(), context)]) {
      expect(mail.text).toMatch(/Business\s+1\s+\$375\.00 per month\s+\$375\.00 per month/);
      expect(mail.text).toMatch(/Quick Tech Fix\s+2\s+\$50\.00\s+\$100\.00/);
      expect(mail.text).toContain("Paid today: $475.00\nThen $375.00 per month");
      expect(mail.html).toMatch(/Paid today: \$475\.00.*Then \$375\.00 per month/s);
      expect(mail.html).toContain('<th scope="col"');
    }
  });

  it("the confirmation greets the buyer and gives the reference, next steps and support", () => {
    const mail = orderConfirmed.render(order(), context);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain("Zoë Wanjiku");
      expect(part).toContain("cs_test_sample");
      expect(part).toContain("We will contact you within one business day to schedule your services.");
      expect(part).toContain(company.emails.support.display);
      expect(part).toContain(company.phone.display);
      expect(part).toContain("Monday-Friday 9:00-18:00 East Africa Time");
    }
  });
});

describe("the owner's order notice", () => {
  it("names the customer, how to reach them, where to deliver and links the admin", () => {
    const mail = ownerNewOrder.render(ownerOrder(), context);
    expect(ownerNewOrder.audience).toBe("owner");
    for (const value of ["Zoë Wanjiku", "Wanjiku Traders", "+254722000000", "zoe@example.co.ke", "12 Moi Avenue"]) {
      expect(mail.text).toContain(value);
      expect(mail.html).toContain(value);
    }
    expect(mail.html).toContain('href="https://acacia.example/admin#order-cs_test_sample"');
    const odd = ownerNewOrder.render({ ...ownerOrder(), adminUrl: 'javascript:alert("x")' }, context);
    expect(odd.html).not.toContain('href="javascript:');
  });
});

describe("contact e-mails", () => {
  it("the owner's copy has Reply-To the sender and all the sender's details", () => {
    expect(ownerContact.audience).toBe("owner");
    expect(ownerContact.replyTo?.(contact())).toBe("amina@example.com");
    const mail = ownerContact.render(contact(), context);
    expect(mail.subject).toBe("New message from Amina Otieno");
    for (const value of ["Amina Otieno", "amina@example.com", "Otieno Logistics", "+254 711 000 000"]) {
      expect(mail.text).toContain(value);
      expect(mail.html).toContain(value);
    }
  });

  it("the acknowledgement is fixed text: none of the sender's data, the 24-hour promise and the hours", () => {
    expect(contactAck.audience).toBe("customer");
    expect(contactAck.replyTo).toBeUndefined();
    const mail = contactAck.render({}, context);
    const all = `${mail.subject}\n${mail.text}\n${mail.html}`;
    for (const value of Object.values(contact({ message: "Visit https://spam.example now" }))) {
      if (typeof value === "string") expect(all).not.toContain(value);
    }
    expect(all).not.toContain("spam.example");
    expect(mail.subject).toMatch(/received your message/i);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain("within 24 hours");
      expect(part).toContain("Monday-Friday 9:00-18:00 East Africa Time");
    }
    // Only the company's own contacts are links.
    const hrefs = [...mail.html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
    expect(hrefs.every((href) => href?.startsWith("mailto:") || href?.startsWith("tel:"))).toBe(true);
  });
});

describe("billing e-mails", () => {
  it("owner notices escape every value and never make a customer's text a link", () => {
    const notice = ownerNotice("Order needs review").render(
      {
        customerName: `${XSS_NAME}\r\nBcc: x@y`,
        summary: "Stripe's record of this order's payment does not match the order.",
        details: [
          ["Customer", XSS_NAME],
          ["What Stripe said", "Stripe reported 1 usd; the order recorded 52500 usd"],
        ],
        adminUrl: "javascript:alert(1)",
      },
      context,
    );
    expect(notice.subject).not.toMatch(/[\r\n]/);
    expect(notice.html).not.toContain("<img");
    expect(notice.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(notice.html).not.toContain('href="javascript:');
    expect(notice.text).toContain("Stripe reported 1 usd; the order recorded 52500 usd");
    expect(notice.html).toContain(company.registrationNumber);
  });

  it("the buyer's failed-renewal e-mail links to the one-time portal link, in both parts", () => {
    const url = "https://acacia.example/billing/open?token=abc_DEF-123";
    const mail = renewalFailed.render({ url, validFor: "3 days" }, context);
    expect(mail.subject).toBe(`Your payment to ${company.name} did not go through`);
    expect(mail.text).toContain(`Update your card: ${url}`);
    expect(mail.text).toContain("works once, for 3 days");
    expect(mail.html).toContain(`href="${url}"`);
    const link = billingLink.render({ url, validFor: "30 minutes" }, context);
    expect(link.text).toContain("for 30 minutes");
    expect(link.html).toContain(`href="${url}"`);
  });
});
