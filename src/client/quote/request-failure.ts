import { toast } from "sonner";
import type { PaymentError } from "../cart/payment.ts";

/**
 * A call to one of the site's endpoints that failed: its HTTP status (null when no answer came)
 * and the worker's own sentence, if it gave one. PaymentError and QuoteError both carry these.
 */
type RequestFailure = Error & Pick<PaymentError, "status" | "serverMessage">;

function isRequestFailure(error: unknown): error is RequestFailure {
  return error instanceof Error && "status" in error && "serverMessage" in error;
}

/**
 * Toasts a failed request: the page's own title, and the worker's words (prices changed, too many
 * attempts, quotes off…) as the description when it answered with some.
 */
export function toastRequestFailure(title: string, error: unknown): void {
  const description =
    isRequestFailure(error) && error.status !== null && typeof error.serverMessage === "string"
      ? error.serverMessage
      : undefined;
  toast.error(title, { description });
}
