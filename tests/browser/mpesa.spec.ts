import { expect, type Page, test } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import { expectNoAxeViolations } from "./support/axe.ts";
import {
  fillCustomer,
  inCart,
  pricingItem,
  quoteService,
  seedCart,
  storedCart,
  validCustomer,
} from "./support/cart.ts";

/** A Safaricom number of its own per test: each number gets only a few prompts an hour. */
const phone = () => `07${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;

/** A client address of its own, so the tests do not share one allowance of prompts. */
const clientIp = () => `2001:db8:7:${Math.floor(Math.random() * 0xffff).toString(16)}::1`;

/** Keeps a full-page screenshot when MPESA_SHOTS names a folder. */
async function shot(page: Page, name: string) {
  if (process.env.MPESA_SHOTS)
    await page.screenshot({ path: `${process.env.MPESA_SHOTS}/${name}.png`, fullPage: true });
}

/** On the waiting page: opens the stand-in's phone, approves, comes back and downloads the receipt. */
async function approveAndDownloadReceipt(page: Page, width: number): Promise<string> {
  await expect(page.getByRole("heading", { level: 1, name: "Pay on your phone" })).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, `mpesa-waiting-${width}`);
  await page.getByRole("link", { name: /Open the test phone/ }).click();
  await page.getByRole("button", { name: "Approve (PIN correct)" }).click();
  await page.getByRole("link", { name: "Return to the site" }).click();
  // The site confirms with an STK query first; the page polls every few seconds.
  await expect(page.getByRole("heading", { level: 1, name: "Payment received" })).toBeVisible({ timeout: 20_000 });
  await expectNoAxeViolations(page);
  await shot(page, `mpesa-paid-${width}`);
  const link = page.getByRole("link", { name: /Download receipt R-\d{4}-\d{5,} \(PDF\)/ });
  const res = await page.request.get((await link.getAttribute("href")) ?? "");
  expect(res.headers()["content-type"]).toBe("application/pdf");
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(await res.body())), { mergePages: true });
  return text;
}

for (const width of [375, 1280]) {
  test(`a one-off cart paid by M-Pesa at ${width} px: the shillings shown, the prompt approved, the receipt`, async ({
    page,
  }) => {
    await page.setExtraHTTPHeaders({ "CF-Connecting-IP": clientIp() });
    await page.setViewportSize({ width, height: 900 });
    await seedCart(page, [inCart(quoteService("s1"), 2)]);
    await page.goto("/checkout");
    await fillCustomer(page, validCustomer);
    await page.getByRole("radio", { name: "M-Pesa" }).check();
    await expect(page.getByText(/Charged in Kenyan shillings at \d+\.\d{2} KES per USD/)).toBeVisible();
    const amount = await page.getByText(/^You will pay KES [\d,]+\.$/).textContent();
    const kes = /KES [\d,]+/.exec(amount ?? "")?.[0] ?? "";
    await page.getByLabel("M-Pesa phone number").fill(phone());
    await expectNoAxeViolations(page);
    await shot(page, `mpesa-checkout-${width}`);
    await page.getByRole("button", { name: `Pay ${kes} by M-Pesa` }).click();
    await expect(page).toHaveURL(/\/mpesa\/order\/[0-9a-f-]{36}$/);
    const receipt = await approveAndDownloadReceipt(page, width);
    expect(receipt).toMatch(/R-\d{4}-\d{5,}/);
    expect(receipt).toContain(kes.replace("KES ", ""));
    expect(receipt).toContain("M-Pesa");
    // The cart is done with once paid.
    await expect.poll(() => storedCart(page)).toBeNull();
  });
}

test("a written quote paid by M-Pesa from its page, and the cart's M-Pesa choice for a monthly plan", async ({
  page,
}) => {
  await page.setExtraHTTPHeaders({ "CF-Connecting-IP": clientIp() });
  const origin = test.info().project.use.baseURL ?? "";
  const res = await page.request.post("/quote", {
    headers: { Origin: origin },
    data: {
      services: [inCart(quoteService("m3"), 1)],
      customer: { name: "Wanjiru Kamau", email: `mpesa-quote-${Date.now()}@example.com`, company: "Kamau Traders" },
    },
  });
  expect(res.status()).toBe(200);
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(await res.body())), { mergePages: true });
  const path = /\/quote\/Q-\d{4}-\d{5,}\?k=[A-Za-z0-9_-]+/.exec(text)?.[0] ?? "";
  await page.goto(path);
  await expect(page.getByRole("heading", { name: "Pay by M-Pesa" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("M-Pesa phone number").fill(phone());
  await page.getByRole("button", { name: /^Pay KES [\d,]+ by M-Pesa$/ }).click();
  const receipt = await approveAndDownloadReceipt(page, 1280);
  expect(receipt).toContain("Wanjiru Kamau");
  await page.goto(path);
  await expect(page.getByText("This quote has already been paid.")).toBeVisible();

  // A cart with a monthly plan: M-Pesa pays its first month, and one sentence says how the later months are billed.
  await seedCart(page, [inCart(pricingItem("Business"))]);
  await page.goto("/checkout");
  await page.getByRole("radio", { name: "M-Pesa" }).check();
  await expect(page.getByText(/M-Pesa pays your first month now/)).toBeVisible();
  await expect(page.getByRole("button", { name: /^Pay KES [\d,]+ by M-Pesa$/ })).toBeVisible();
  await expectNoAxeViolations(page);
});
