import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app.ts";
import { cartMonthlyCents, cartTotalCents } from "../../src/client/cart/summary.ts";
import { OrderSummary } from "../../src/islands/checkout/OrderSummary.tsx";
import { taxCopy } from "../../src/tax/tax-copy.ts";
import { envWith } from "./support/env.ts";
import { get, parseDocument, textOf } from "./support/html.ts";
import { SITE } from "./support/orders.ts";
import { cartItem } from "./support/payment.ts";

const NOTE = "prices include 16% VAT";

/** A page from a worker that is not VAT-registered (VAT_REGISTERED "false"; wrangler.toml says "true"). */
async function notRegistered(path: string) {
  const res = await createApp().fetch(new Request(`${SITE}${path}`), envWith({ VAT_REGISTERED: "false" }));
  expect(res.status).toBe(200);
  const document = parseDocument(await res.text());
  return { text: textOf(document.body), document };
}

/** The props the server gave the checkout's island. */
function checkoutProps(document: Document): unknown {
  const island = document.querySelector('[data-island="Checkout"]');
  return JSON.parse(island?.getAttribute("data-props") ?? "null");
}

describe("the one note that prices include VAT", () => {
  it("reads the same everywhere, built from the rate", () => {
    expect(taxCopy.pricesInclude).toBe("All prices include 16% VAT.");
  });

  it("/pricing says it once, in small print, not on each card", async () => {
    const page = await get("/pricing");
    expect(page.text.split(NOTE)).toHaveLength(2);
    const notes = page.queryAll("p").filter((p) => p.textContent?.includes(NOTE));
    expect(notes).toHaveLength(1);
    expect(notes[0]?.getAttribute("class")).toContain("text-xs");
    expect(notes[0]?.closest("#plans")).not.toBeNull();
  });

  it("/pricing of a seller not registered for VAT says nothing of it", async () => {
    const page = await notRegistered("/pricing");
    expect(page.text).not.toContain("VAT");
    // The registered page is kept per isolate: the other settings are another page, not a stale copy.
    expect((await get("/pricing")).text).toContain(NOTE);
  });

  it("/checkout tells its island whether prices include VAT", async () => {
    const page = await get("/checkout");
    expect(checkoutProps(page.document)).toEqual({ vatIncluded: true });
    expect(checkoutProps((await notRegistered("/checkout")).document)).toEqual({ vatIncluded: false });
  });

  it("the order summary says it once under the total, and not when prices do not include VAT", () => {
    const items = [cartItem("pricing-business"), cartItem("pricing-software-installation", { quantity: 2 })];
    const summary = (vatIncluded: boolean) =>
      textOf(
        parseDocument(
          renderToString(
            <OrderSummary
              items={items}
              totalCents={cartTotalCents(items)}
              monthlyCents={cartMonthlyCents(items)}
              vatIncluded={vatIncluded}
              onRemove={null}
            />,
          ),
        ),
      );
    expect(summary(true).split(NOTE)).toHaveLength(2);
    expect(summary(true)).toMatch(/Total \$525\.00 .*All prices include 16% VAT\.$/);
    expect(summary(false)).not.toContain("VAT");
  });
});
