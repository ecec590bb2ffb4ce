import { toast } from "sonner";
import { QUOTE_PATH } from "../../paths.ts";
import { quotePdfCopy } from "../../quotes/custom-quote-copy.ts";
import type { QuoteRequest } from "../../quotes/quote-request-schema.ts";
import type { CartItems } from "../cart/store.ts";
import { sendInsightBeacon } from "../insight-beacon.ts";
import { failedRequest, postJson, RequestError } from "../post-json.ts";
import { toastRequestFailure } from "../request-failure.ts";
import type { QuoteField, QuoteFieldErrors, QuoteValues } from "./quote-customer.ts";
import { loadQuoteValidator } from "./validator.ts";

const copy = quotePdfCopy;
const fieldNames: readonly string[] = ["name", "email", "company", "kraPin"] satisfies QuoteField[];

/**
 * What came of asking for a quote: the PDF saved (and toasted), messages for the customer's fields
 * (the form shows them; nothing is toasted), or a failure the visitor has been told of in a toast.
 */
export type QuoteOutcome = { status: "saved" } | { status: "invalid"; errors: QuoteFieldErrors } | { status: "failed" };

/** The worker's issues on `customer.<field>`, each field's first message. */
function customerIssues(issues: RequestError["issues"]): QuoteFieldErrors {
  const errors: QuoteFieldErrors = {};
  for (const { path, message } of issues) {
    const [head, field] = String(path).split(".");
    if (head === "customer" && field && fieldNames.includes(field)) errors[field as QuoteField] ??= message;
  }
  return errors;
}

/** The file name the worker gave (`filename*` first, then `filename`), kept to a plain name. */
function attachmentName(disposition: string | null): string {
  let name = "";
  const extended = disposition?.match(/filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/);
  const plain = disposition?.match(/filename\s*=\s*"?([^";]+)"?/);
  try {
    name = extended?.[1] ? decodeURIComponent(extended[1].trim()) : (plain?.[1]?.trim() ?? "");
  } catch {
    name = plain?.[1]?.trim() ?? "";
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
  name = name.replace(/[\\/:*?"<>|\u0000-\u001f]/g, "");
  return name.toLowerCase().endsWith(".pdf") ? name : "quote.pdf";
}

/** POSTs the request; resolves to the PDF and its file name, rejects with a RequestError. */
async function fetchQuote(body: QuoteRequest): Promise<{ pdf: Blob; filename: string }> {
  const response = await postJson("Quote", QUOTE_PATH, body, "application/pdf, application/json");
  // A 2xx that is not the PDF (a proxy's page, say) is a failure too.
  if (!(response.headers.get("content-type") ?? "").startsWith("application/pdf")) {
    throw await failedRequest("Quote", response);
  }
  return {
    pdf: await response.blob(),
    filename: attachmentName(response.headers.get("content-disposition")),
  };
}

/** Saves a file through a temporary object URL and `<a download>`: the browser's own download. */
function save(file: Blob, filename: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL only after the click has returned.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The whole written-quote flow of /custom-quote's dialog and /checkout: checks the customer's
 * fields with the shared schema, asks the worker for the PDF of the cart, saves it and says so.
 */
export async function downloadQuote(items: CartItems | null, values: QuoteValues): Promise<QuoteOutcome> {
  if (!items || items.length === 0) {
    toast.error(copy.emptyCart);
    return { status: "failed" };
  }
  try {
    const validate = await loadQuoteValidator();
    const result = validate(values);
    if (!result.ok) return { status: "invalid", errors: result.errors };
    const { name, email, company, kraPin } = result.data;
    // Empty optional fields are left out, as a hand-written request would leave them.
    const customer = { name, email, ...(company ? { company } : {}), ...(kraPin ? { kraPin } : {}) };
    const { pdf, filename } = await fetchQuote({ services: [...items], customer });
    save(pdf, filename);
    sendInsightBeacon("quote");
    // The same words whether or not the e-mail went: the page never tells a mailbox's count.
    toast.success(copy.downloaded(filename.replace(/\.pdf$/i, "")), { description: copy.emailed(email) });
    return { status: "saved" };
  } catch (error) {
    const fieldErrors = error instanceof RequestError ? customerIssues(error.issues) : {};
    if (Object.keys(fieldErrors).length > 0) return { status: "invalid", errors: fieldErrors };
    console.error("Quote request failed:", error);
    toastRequestFailure(copy.failed, error);
    return { status: "failed" };
  }
}
