import type { PaymentRequest } from "../../checkout/payment-request-schema.ts";
import { PAYMENT_PATH } from "../../paths.ts";
import { postJson } from "../post-json.ts";

/** Only a web address may become the payment tab's location (never `javascript:` and the like). */
function webUrl(value: unknown): string | null {
  if (typeof value !== "string") return null;
  try {
    const url = new URL(value, window.location.href);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Asks the worker for a hosted payment page. Resolves to its address, or to null when the answer
 * holds none (the spec's quiet case); rejects with a RequestError on an error status or no answer.
 */
export async function requestPaymentUrl(body: PaymentRequest): Promise<string | null> {
  const response = await postJson("Payment", PAYMENT_PATH, body);
  const data: unknown = await response.json().catch(() => null);
  return typeof data === "object" && data !== null && "url" in data ? webUrl(data.url) : null;
}

/**
 * Opens the tab the payment page will load in. It must happen inside the click itself, before any
 * await, or popup blockers refuse it. May be null when a blocker refuses anyway. The blank tab says
 * what it is waiting for, rather than staring back empty.
 */
export function openPaymentTab(waitingText: string): Window | null {
  let tab: Window | null = null;
  try {
    tab = window.open("", "_blank");
    if (tab) {
      tab.document.title = waitingText;
      tab.document.body.textContent = waitingText;
    }
  } catch {
    // A blocker that throws instead of returning null, or a tab we may not write to: both harmless.
  }
  return tab;
}

/** Points the waiting tab at the payment page; false when there is no tab to point. */
export function sendTabTo(tab: Window | null, url: string): boolean {
  if (!tab || tab.closed) return false;
  // The payment page has no business scripting this one.
  tab.opener = null;
  tab.location.href = url;
  return true;
}
