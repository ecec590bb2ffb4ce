import { expect, type Page, test } from "@playwright/test";
import { waitForIsland } from "./support/islands.ts";
import { type MockReply, mockJsonEndpoint } from "./support/mock-endpoint.ts";

const message = {
  "Full Name": "Amina Otieno",
  Email: "amina@example.co.ke",
  Company: "Savannah Logistics",
  Phone: "+254 711 222 333",
  Message: "We need help moving our dispatch system to the cloud.",
};

async function openContactPage(page: Page) {
  await page.goto("/contact");
  await waitForIsland(page, "ContactForm");
  await waitForIsland(page, "AppToaster");
}

/** The real endpoint is covered by the worker tests and orders.spec. */
function mockContactApi(page: Page, reply: MockReply, options: { held?: boolean } = {}) {
  return mockJsonEndpoint(page, "**/api/contact", reply, options);
}

const sentBody = {
  name: message["Full Name"],
  email: message.Email,
  company: message.Company,
  phone: message.Phone,
  message: message.Message,
  website: "",
};

test.use({ viewport: { width: 1280, height: 800 } });

test("sending a message shows Sending..., then the toast, and clears the form", async ({ page }) => {
  const api = await mockContactApi(page, { status: 201, body: { ok: true } }, { held: true });
  await openContactPage(page);
  const form = page.locator("form[action='/api/contact']");
  for (const [label, value] of Object.entries(message)) await form.getByLabel(label).fill(value);

  await form.getByRole("button", { name: "Send Message" }).click();
  const sending = form.getByRole("button", { name: "Sending..." });
  await expect(sending).toBeVisible();
  await expect(sending).toBeDisabled();
  api.release();

  const toast = page.locator("[data-sonner-toast]");
  await expect(toast).toHaveCount(1);
  await expect(toast.getByText("Message Sent!", { exact: true })).toBeVisible();
  await expect(toast.getByText("We'll get back to you within 24 hours.", { exact: true })).toBeVisible();
  await expect(page.locator("[data-sonner-toaster]")).toHaveAttribute("data-y-position", "bottom");
  await expect(page.locator("[data-sonner-toaster]")).toHaveAttribute("data-x-position", "right");
  const box = await toast.boundingBox();
  expect(box).not.toBeNull();
  if (box) {
    expect(box.x + box.width).toBeGreaterThan(1280 - 80);
    expect(box.y + box.height).toBeGreaterThan(800 - 80);
  }

  for (const label of Object.keys(message)) await expect(form.getByLabel(label)).toHaveValue("");
  await expect(form.getByRole("button", { name: "Send Message" })).toBeEnabled();
  expect(page.url()).toMatch(/\/contact$/);
  expect(api.requests.map((request) => request.postDataJSON())).toEqual([sentBody]);
});

test("a refused message shows the server's reason in an error toast and keeps what was typed", async ({ page }) => {
  const reason = "Too many messages from your connection. Please wait a minute and try again.";
  await mockContactApi(page, { status: 429, body: { error: reason } });
  await openContactPage(page);
  const form = page.locator("form[action='/api/contact']");
  for (const [label, value] of Object.entries(message)) await form.getByLabel(label).fill(value);
  await form.getByRole("button", { name: "Send Message" }).click();

  const toast = page.locator("[data-sonner-toast]");
  await expect(toast.getByText("Message not sent", { exact: true })).toBeVisible();
  await expect(toast.getByText(reason, { exact: true })).toBeVisible();
  await expect(toast.getByText("Message Sent!")).toHaveCount(0);
  for (const [label, value] of Object.entries(message)) await expect(form.getByLabel(label)).toHaveValue(value);
  await expect(form.getByRole("button", { name: "Send Message" })).toBeEnabled();
});

test("an unreachable server shows an error toast and keeps what was typed", async ({ page }) => {
  await mockContactApi(page, "network-failure");
  await openContactPage(page);
  const form = page.locator("form[action='/api/contact']");
  for (const [label, value] of Object.entries(message)) await form.getByLabel(label).fill(value);
  await form.getByRole("button", { name: "Send Message" }).click();

  await expect(page.locator("[data-sonner-toast]").getByText("Message not sent", { exact: true })).toBeVisible();
  await expect(form.getByLabel("Message")).toHaveValue(message.Message);
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the form still posts, and the visitor gets a confirmation page", async ({ page }) => {
    // A client address of its own: the endpoint is rate limited per client (wrangler dev passes this on).
    const groups = Array.from(crypto.getRandomValues(new Uint16Array(6)), (n) => n.toString(16));
    await page.setExtraHTTPHeaders({ "CF-Connecting-IP": `2001:db8:${groups.join(":")}` });
    await page.goto("/contact");
    const form = page.locator("form[action='/api/contact']");
    await form.getByLabel("Full Name").fill(message["Full Name"]);
    await form.getByLabel("Email").fill(`no-js-${Date.now()}@example.co.ke`);
    await form.getByLabel("Message").fill("Sent without JavaScript.");
    await form.getByRole("button", { name: "Send Message" }).click();

    await page.waitForURL("**/contact/sent");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Message Sent!");
    await expect(page.getByText("We'll get back to you within 24 hours.")).toBeVisible();
  });
});

test("empty required fields are stopped by the browser's own checks, with no toast", async ({ page }) => {
  await openContactPage(page);
  const form = page.locator("form[action='/api/contact']");
  await form.getByRole("button", { name: "Send Message" }).click();

  for (const label of ["Full Name", "Email", "Message"]) {
    const missing = await form.getByLabel(label).evaluate((el) => (el as HTMLInputElement).validity.valueMissing);
    expect(missing, label).toBe(true);
  }
  for (const label of ["Company", "Phone"]) {
    const valid = await form.getByLabel(label).evaluate((el) => (el as HTMLInputElement).validity.valid);
    expect(valid, label).toBe(true);
  }
  expect(await form.evaluate((el) => (el as HTMLFormElement).checkValidity())).toBe(false);
  await expect(form.getByRole("button", { name: "Send Message" })).toBeEnabled();
  await page.waitForTimeout(1500);
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
});

test("an invalid e-mail address is refused by the browser's e-mail check", async ({ page }) => {
  await openContactPage(page);
  const form = page.locator("form[action='/api/contact']");
  await form.getByLabel("Full Name").fill(message["Full Name"]);
  await form.getByLabel("Email").fill("not-an-email");
  await form.getByLabel("Message").fill(message.Message);
  await form.getByRole("button", { name: "Send Message" }).click();
  expect(await form.getByLabel("Email").evaluate((el) => (el as HTMLInputElement).validity.typeMismatch)).toBe(true);
  await page.waitForTimeout(1500);
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
  await expect(form.getByLabel("Full Name")).toHaveValue(message["Full Name"]);
});

test("Alt+T focuses and expands the toasts, Escape collapses them", async ({ page }) => {
  await mockContactApi(page, { status: 201, body: { ok: true } });
  await openContactPage(page);
  const form = page.locator("form[action='/api/contact']");
  await form.getByLabel("Full Name").fill(message["Full Name"]);
  await form.getByLabel("Email").fill(message.Email);
  await form.getByLabel("Message").fill(message.Message);
  await form.getByRole("button", { name: "Send Message" }).click();
  const toast = page.locator("[data-sonner-toast]");
  await expect(toast).toHaveCount(1);
  // Keep the pointer away from the toasts: hovering them expands them too.
  await page.mouse.move(10, 10);
  await expect(toast).toHaveAttribute("data-expanded", "false");

  await page.keyboard.press("Alt+KeyT");
  await expect(page.locator("[data-sonner-toaster]")).toBeFocused();
  await expect(toast).toHaveAttribute("data-expanded", "true");

  await page.keyboard.press("Escape");
  await expect(toast).toHaveAttribute("data-expanded", "false");
});

test("the map has a link to a larger map and a call-now link beside it", async ({ page }) => {
  // Loading the map itself when scrolled near is covered by map.spec.ts.
  await page.goto("/contact");
  await expect(page.getByRole("link", { name: "View larger map" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Call Now" })).toHaveAttribute("href", /^tel:/);
});
