import { toast } from "sonner";
import { RequestError } from "./post-json.ts";

/**
 * Toasts a failed request: the page's own title, and the worker's words (prices changed, too many
 * attempts, quotes off…) as the description when it answered with some.
 */
export function toastRequestFailure(title: string, error: unknown): void {
  const description =
    error instanceof RequestError && error.status !== null && typeof error.serverMessage === "string"
      ? error.serverMessage
      : undefined;
  toast.error(title, { description });
}
