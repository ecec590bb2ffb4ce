import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { quotePagePath } from "../../src/paths.ts";
import { WORKER_ADMIN_PASSWORD } from "../support/secrets.ts";
import { makeQuote } from "./support/factories.ts";
import { parseDocument, queryAll, textOf } from "./support/html.ts";
import { SITE } from "./support/orders.ts";
import { cartItem, testClientIp } from "./support/payment.ts";

async function openAdmin() {
  const bytes = new TextEncoder().encode(`admin:${WORKER_ADMIN_PASSWORD}`);
  const res = await exports.default.fetch(`${SITE}/admin/quotes`, {
    headers: { Authorization: `Basic ${btoa(String.fromCharCode(...bytes))}`, "CF-Connecting-IP": testClientIp() },
  });
  const html = await res.text();
  return { status: res.status, html, document: parseDocument(html) };
}

function quoteRow(document: Document, number: string): Element {
  const row = document.querySelector(`tr[data-quote-number="${number}"]`);
  if (!row) throw new Error(`No row for ${number}`);
  return row;
}

const cellTexts = (row: Element) => queryAll(row, "td").map((cell) => textOf(cell));

describe("/admin/quotes", () => {
  it("lists each quote newest first: number linking to its page, dates, customer, lines and totals", async () => {
    const older = await makeQuote([cartItem("e1", { quantity: 3 })], {}, new Date(Date.now() - 40 * 86_400_000));
    const newer = await makeQuote([cartItem("s1", { quantity: 2 }), cartItem("pricing-business")], {
      name: "Baraka Mwangi",
      company: "Mwangi Traders",
    });
    const { status, document } = await openAdmin();
    expect(status).toBe(200);

    expect(textOf(document.querySelector("h1"))).toBe("Quotes");
    expect(textOf(document.querySelector("[data-total]"))).toMatch(/^\d+ quotes?\b/);
    const numbers = queryAll(document, "tr[data-quote-number]").map((row) => row.getAttribute("data-quote-number"));
    expect(numbers.indexOf(newer.number)).toBeGreaterThanOrEqual(0);
    expect(numbers.indexOf(newer.number)).toBeLessThan(numbers.indexOf(older.number));

    const row = quoteRow(document, newer.number);
    const link = row.querySelector("a[href^='/quote/']");
    expect(link?.getAttribute("href")).toBe(quotePagePath(newer.number, newer.access_key));
    expect(textOf(link)).toBe(newer.number);
    const [number, created, validUntil, customer, lines, due, monthly] = cellTexts(row);
    expect(number).toBe(`Quote ${newer.number}`);
    expect(created).toMatch(/^Created \d{1,2} \w{3} \d{4}, \d{2}:\d{2}$/);
    expect(validUntil).toMatch(/^Valid until \d{1,2} \w{3} \d{4}$/);
    expect(customer).toBe(`Customer Baraka Mwangi Mwangi Traders ${newer.customer_email}`);
    expect(row.querySelector(`a[href="mailto:${newer.customer_email}"]`)).not.toBeNull();
    expect(lines).toBe("Lines 2");
    expect(due).toBe("Due on acceptance $675.00");
    expect(monthly).toBe("Monthly $375.00 / month");
    expect(row.querySelector("[data-expired]")).toBeNull();

    const olderCells = cellTexts(quoteRow(document, older.number));
    expect(olderCells[2]).toMatch(/\(expired\)$/);
    expect(olderCells.slice(4)).toEqual(["Lines 1", "Due on acceptance $60.00", "Monthly -"]);
  });

  it("shows hostile names as text that wraps, never as markup", async () => {
    const name = `<img src=x onerror=alert(1)> ${"W".repeat(300)} ${crypto.randomUUID()}`;
    const company = `</td></tr><script>alert(2)</script> مؤسسة`;
    const quote = await makeQuote([cartItem("e2")], { name, company, email: `${"a".repeat(120)}@example.com` });
    const { html, document } = await openAdmin();
    expect(html).not.toContain("<img src=x");
    expect(html).not.toContain("<script>alert(2)");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    const row = quoteRow(document, quote.number);
    expect(queryAll(row, "bdi").map((el) => el.textContent)).toEqual([name, company, quote.customer_email]);
    // The customer cell breaks long unbroken strings instead of widening the table.
    const customerCell = queryAll(row, "td")[3];
    expect(customerCell?.getAttribute("class")).toContain("[overflow-wrap:anywhere]");
  });
});
