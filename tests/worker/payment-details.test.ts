// The business's payment details and WhatsApp number are the owner's settings (issue 35): set in
// the back office's Settings, audited, shown wherever a buyer is told how to pay, and left out
// entirely (never a bracketed placeholder) while unset. Issued quote PDFs stay as issued.
import { env, exports } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { quotePagePath, quotePdfPath } from "../../src/paths.ts";
import { paymentDetails } from "../../src/payments/payment-details.ts";
import { quoteForBuyer } from "../../src/quotes/quote-mail.ts";
import { company } from "../../src/site/company-copy.ts";
import { freshLimiterWindow } from "../support/limiter-window.ts";
import { openAsOwner, postAsOwner } from "./support/admin-forms.ts";
import { parseDocument, textOf } from "./support/html.ts";
import { fakeSessionId, placeOrder, SITE } from "./support/orders.ts";
import { cartItem, testClientIp } from "./support/payment.ts";
import { clearPaymentDetails, SAMPLE_DETAILS, setPaymentDetails } from "./support/payment-details.ts";
import { pdfPages, postQuote, quoteCustomer, storedQuote } from "./support/quotes.ts";

beforeEach(async () => {
  await freshLimiterWindow(3_000);
  await clearPaymentDetails();
});

/** What a placeholder in brackets looks like in a page or document: "[Bank name]", "[Paybill number]". */
const PLACEHOLDER = /\[[A-Za-z][^[\]]{0,40}\]/;

const FORM = {
  bankName: "Kenya Commercial Bank",
  accountName: "Acacia IT Consulting Ltd",
  accountNumber: "1234 567 890",
  branch: "Westlands",
  swift: "kcbl kenx",
  mpesaKind: "paybill",
  mpesaNumber: "522522",
  whatsapp: "0712 345 678",
};

async function open(path: string) {
  const res = await exports.default.fetch(`${SITE}${path}`, { headers: { "CF-Connecting-IP": testClientIp() } });
  const html = await res.text();
  const document = parseDocument(html);
  return { res, html, document, text: textOf(document.body) };
}

/** A quote made through the real form (its PDF drawn and kept then). */
async function issueQuote() {
  const res = await postQuote({ services: [cartItem("s1")], customer: quoteCustomer() });
  expect(res.status).toBe(200);
  return storedQuote(res);
}

const pdfText = async (number: string, key: string) => {
  const res = await exports.default.fetch(`${SITE}${quotePdfPath(number, key)}`, {
    headers: { "CF-Connecting-IP": testClientIp() },
  });
  expect(res.status).toBe(200);
  return (await pdfPages(await res.arrayBuffer())).join("\n").replace(/\s+/g, " ");
};

/** The buyer's quote e-mail as queued (its payload), rendered as it will be sent. */
async function renderedQuoteMail(number: string) {
  const row = await env.DB.prepare("SELECT payload FROM outbox WHERE dedupe_key = ?")
    .bind(`quote:${number}`)
    .first<{ payload: string }>();
  expect(row).not.toBeNull();
  return quoteForBuyer.render(JSON.parse(row?.payload ?? "{}"), { company });
}

const audit = async () =>
  (
    await env.DB.prepare(
      "SELECT action, actor, subject_id, detail FROM admin_audit WHERE subject_id = 'payment_details' ORDER BY id",
    ).all<{ action: string; actor: string; subject_id: string; detail: string }>()
  ).results;

describe("Settings: Payment details", () => {
  it("saves the details whole, normalised, with one audit row, and shows them back in the form", async () => {
    const saved = await postAsOwner("/admin/settings/payment-details", FORM);
    expect(saved.status).toBe(303);
    expect(saved.res.headers.get("Location")).toBe("/admin/settings?details=saved#payment-details");
    expect(await paymentDetails(env)).toEqual({
      bank: {
        bank: "Kenya Commercial Bank",
        accountName: "Acacia IT Consulting Ltd",
        accountNumber: "1234 567 890",
        branch: "Westlands",
        swift: "KCBLKENX",
      },
      paybill: "522522",
      till: null,
      whatsapp: "254712345678",
    });
    const rows = await audit();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: "setting.payment_details", actor: "admin" });
    expect(rows[0]?.detail).toContain("Bank name: Kenya Commercial Bank");
    expect(rows[0]?.detail).toContain("Till (Buy Goods): -");

    const page = await openAsOwner("/admin/settings?details=saved");
    expect(textOf(page.document.querySelector('[data-notice="payment-details-saved"]'))).toBe("Payment details saved.");
    const value = (name: string) =>
      page.document.querySelector(`#payment-details input[name='${name}']`)?.getAttribute("value");
    expect(value("swift")).toBe("KCBLKENX");
    expect(value("mpesaNumber")).toBe("522522");
    expect(value("whatsapp")).toBe("+254712345678");
    expect(page.document.querySelector("label[for='payment-bankName']")).not.toBeNull();
  });

  it("refuses placeholders, half a bank account, a bad SWIFT code, paybill or number: every reason, nothing saved", async () => {
    await setPaymentDetails();
    const audited = (await audit()).length;
    const refused = await postAsOwner("/admin/settings/payment-details", {
      ...FORM,
      bankName: "[Bank name]",
      accountNumber: "",
      swift: "KCB",
      mpesaNumber: "52",
      whatsapp: "call me",
    });
    expect(refused.status).toBe(400);
    const errors = textOf(refused.document.querySelector("#payment-details-errors"));
    for (const reason of [
      "Bank name: use letters",
      "give the bank name, the account name and the account number",
      "SWIFT code: 8 or 11",
      "Paybill or till number: 5 to 7 digits.",
      "WhatsApp number",
    ]) {
      expect(errors).toContain(reason);
    }
    // Only the fields at fault are marked, each pointing at the list of reasons.
    const marked = [...refused.document.querySelectorAll("#payment-details [aria-invalid='true']")];
    expect(marked.map((input) => input.getAttribute("name"))).toEqual([
      "bankName",
      "accountNumber",
      "swift",
      "mpesaNumber",
      "whatsapp",
    ]);
    expect(marked[0]?.getAttribute("aria-describedby")).toBe("payment-details-errors");
    // What was typed is shown back (as text), and nothing changed.
    expect(refused.document.querySelector("input[name='bankName']")?.getAttribute("value")).toBe("[Bank name]");
    expect((await paymentDetails(env)).bank?.bank).toBe(SAMPLE_DETAILS.bankName);
    expect(await audit()).toHaveLength(audited);
  });

  it("clears a way of paying left empty, and takes a till instead of a paybill", async () => {
    await setPaymentDetails();
    const saved = await postAsOwner("/admin/settings/payment-details", {
      ...FORM,
      bankName: "",
      accountName: "",
      accountNumber: "",
      branch: "",
      swift: "",
      mpesaKind: "till",
      mpesaNumber: "832 910",
      whatsapp: "",
    });
    expect(saved.status).toBe(303);
    expect(await paymentDetails(env)).toEqual({ bank: null, paybill: null, till: "832910", whatsapp: null });
  });

  it("is refused from another site, and to a visitor who is not the owner", async () => {
    const crossSite = await postAsOwner("/admin/settings/payment-details", FORM, {
      Origin: "https://evil.example",
      "Sec-Fetch-Site": "cross-site",
    });
    expect(crossSite.status).toBe(403);
    const anonymous = await postAsOwner("/admin/settings/payment-details", FORM, { Authorization: "" });
    expect(anonymous.status).toBe(401);
    const huge = await postAsOwner("/admin/settings/payment-details", { ...FORM, branch: "W".repeat(20_000) });
    expect(huge.status).toBe(413);
    // A name with a direction override or a control character is not a bank's name.
    const hostile = await postAsOwner("/admin/settings/payment-details", { ...FORM, bankName: "KCB\u202Egnp.exe" });
    expect(hostile.status).toBe(400);
    expect(await paymentDetails(env)).toEqual({ bank: null, paybill: null, till: null, whatsapp: null });
  });
});

describe("quotes show what the owner set, and nothing in brackets", () => {
  it("with nothing set: no bank transfer, no paybill, no placeholder on the page or in the PDF", async () => {
    const quote = await issueQuote();
    const page = await open(quotePagePath(quote.number, quote.access_key));
    const methods = [...page.document.querySelectorAll("#how-to-pay li")].map((li) => textOf(li).split(":")[0]);
    expect(methods).toEqual(["Card"]);
    expect(page.text).not.toMatch(PLACEHOLDER);
    expect(page.document.querySelector("[data-whatsapp]")).toBeNull();
    const pdf = await pdfText(quote.number, quote.access_key);
    expect(pdf).not.toMatch(PLACEHOLDER);
    expect(pdf).not.toContain("Bank transfer");
    expect(pdf).not.toContain("Paybill");
  });

  it("a quote issued before the details were set keeps its PDF, and its page shows them", async () => {
    const quote = await issueQuote();
    await setPaymentDetails();
    const page = await open(quotePagePath(quote.number, quote.access_key));
    const methods = [...page.document.querySelectorAll("#how-to-pay li")].map((li) => textOf(li));
    expect(methods[1]).toBe(
      `Bank transfer: Kenya Commercial Bank, account name Acacia IT Consulting Ltd, account 1234567890, branch Westlands, SWIFT KCBLKENX. Reference: ${quote.number}.`,
    );
    expect(methods[2]).toBe(`M-Pesa: Lipa na M-Pesa, Paybill 522522, account number ${quote.number}.`);
    expect(await pdfText(quote.number, quote.access_key)).not.toContain("Paybill");

    const later = await issueQuote();
    const pdf = await pdfText(later.number, later.access_key);
    expect(pdf).toContain(`Paybill 522522, account number ${later.number}.`);
    expect(pdf).toContain("SWIFT KCBLKENX");
  });

  it("a till is a Buy Goods payment naming the quote; a bank account without branch or SWIFT leaves them out", async () => {
    await setPaymentDetails({ paybill: null, till: "832910", branch: null, swift: null });
    const quote = await issueQuote();
    const page = await open(quotePagePath(quote.number, quote.access_key));
    const methods = [...page.document.querySelectorAll("#how-to-pay li")].map((li) => textOf(li));
    expect(methods[1]).toBe(
      `Bank transfer: Kenya Commercial Bank, account name Acacia IT Consulting Ltd, account 1234567890. Reference: ${quote.number}.`,
    );
    expect(methods[2]).toBe(
      `M-Pesa: Lipa na M-Pesa, Buy Goods till 832910. Please send us the M-Pesa message, quoting ${quote.number}.`,
    );
  });
});

describe("the buyer's quote e-mail", () => {
  it("lists the ways to pay set when the quote was issued, in our words, and none while none is set", async () => {
    const bare = await issueQuote();
    expect((await renderedQuoteMail(bare.number)).text).not.toContain("How to pay");
    await setPaymentDetails();
    const quote = await issueQuote();
    const mail = await renderedQuoteMail(quote.number);
    expect(mail.text).toContain(
      `How to pay:\n- Bank transfer: Kenya Commercial Bank, account name Acacia IT Consulting Ltd`,
    );
    expect(mail.text).toContain(`- M-Pesa: Lipa na M-Pesa, Paybill 522522, account number ${quote.number}.`);
    expect(mail.html).toContain(`<li>M-Pesa: Lipa na M-Pesa, Paybill 522522, account number ${quote.number}.</li>`);
    expect(mail.text).not.toMatch(PLACEHOLDER);
  });
});

describe("WhatsApp: a click-to-chat link when the number is set, none when it is not", () => {
  const chatLink = (document: Document) => document.querySelector("[data-whatsapp] a")?.getAttribute("href") ?? null;

  it("/contact, the quote's page and a failed card checkout, each prefilled with what it is about", async () => {
    expect(chatLink((await open("/contact")).document)).toBeNull();
    await setPaymentDetails();
    const contact = await open("/contact");
    expect(chatLink(contact.document)).toBe(
      `https://wa.me/254712345678?text=${encodeURIComponent("Hello Acacia IT Consulting, I have a question.")}`,
    );
    expect(contact.document.querySelector("[data-whatsapp] a")?.getAttribute("rel")).toBe("noopener noreferrer");

    const quote = await issueQuote();
    const page = await open(quotePagePath(quote.number, quote.access_key));
    expect(chatLink(page.document)).toBe(
      `https://wa.me/254712345678?text=${encodeURIComponent(`Hello Acacia IT Consulting, I have a question about quote ${quote.number}.`)}`,
    );

    const { sessionId } = await placeOrder(["s1"]);
    await env.DB.prepare("UPDATE orders SET status = 'expired' WHERE order_id = ?").bind(sessionId).run();
    const failed = await open(`/checkout/success?session_id=${sessionId}`);
    const text = decodeURIComponent(chatLink(failed.document) ?? "");
    expect(text).toMatch(/I have a question about order ORD-[0-9A-F]{8}\.$/);

    // A changed number is a new page: /contact is not served from the one kept for the old number.
    await setPaymentDetails({ whatsapp: "447700900123" });
    expect(chatLink((await open("/contact")).document)).toMatch(/^https:\/\/wa\.me\/447700900123\?/);
  });

  it("is not offered on a paid or unknown order", async () => {
    await setPaymentDetails();
    const unknown = await open(`/checkout/success?session_id=${fakeSessionId()}`);
    expect(unknown.document.querySelector("[data-whatsapp]")).toBeNull();
  });
});
