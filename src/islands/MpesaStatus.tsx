import { useEffect } from "react";
import { mpesaCopy } from "../mpesa/mpesa-copy.ts";
import type { MpesaStatus as Status } from "../mpesa/mpesa-payment-schema.ts";

/** How often the waiting page asks; the worker asks Daraja at most every 20 s whatever this is. */
const POLL_MS = 4_000;

/**
 * Watches a pending M-Pesa payment and reloads the page once it is paid or failed: the page the
 * worker then renders says what happened and what to do. Without scripts, "Check again" does it.
 */
export function MpesaStatus({ statusHref }: { statusHref: string }) {
  useEffect(() => {
    let stopped = false;
    const timer = window.setInterval(async () => {
      try {
        const response = await fetch(statusHref, { headers: { Accept: "application/json" }, cache: "no-store" });
        if (!response.ok) return;
        const status = (await response.json()) as Status;
        if (!stopped && status.state !== "pending") {
          stopped = true;
          window.clearInterval(timer);
          window.location.reload();
        }
      } catch {
        // Offline for a moment: the next tick asks again.
      }
    }, POLL_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [statusHref]);
  return (
    <p className="mt-6 text-sm font-medium text-accent-800" role="status">
      {mpesaCopy.waiting.statusLive}
    </p>
  );
}
