import type { ApiError } from "../checkout/payment-request-schema.ts";

type Issues = NonNullable<ApiError["issues"]>;

/**
 * A call to one of the site's endpoints that failed: its HTTP status (null when no answer came),
 * the worker's own sentence if it gave one, and its issues on the request's fields.
 */
export class RequestError extends Error {
  constructor(
    /** What was asked for, as the log names it: "Payment", "Quote". */
    request: string,
    readonly status: number | null,
    readonly serverMessage: string | null,
    readonly issues: Issues = [],
    options?: ErrorOptions,
  ) {
    super(
      status === null
        ? `${request} request failed: ${serverMessage ?? "no response"}`
        : `${request} request failed with HTTP ${status}${serverMessage ? `: ${serverMessage}` : ""}`,
      options,
    );
    this.name = `${request}Error`;
  }
}

function isApiError(body: unknown): body is ApiError {
  return typeof body === "object" && body !== null && typeof (body as ApiError).error === "string";
}

/** The failure an answer stands for, with the worker's words and issues when its body is the API's error. */
export async function failedRequest(request: string, response: Response): Promise<RequestError> {
  const data: unknown = await response.json().catch(() => null);
  if (!isApiError(data)) return new RequestError(request, response.status, null);
  return new RequestError(request, response.status, data.error, data.issues ?? []);
}

/**
 * POSTs `body` as JSON to one of the site's own endpoints (same origin, so its cookies and origin
 * rule apply). Resolves to the answer when its status is 2xx; rejects with a RequestError when it
 * is not, or when no answer came at all (offline, say).
 */
export async function postJson(
  request: string,
  path: string,
  body: unknown,
  accept = "application/json",
): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: "POST",
      headers: { "content-type": "application/json", accept },
      body: JSON.stringify(body),
    });
  } catch (cause) {
    throw new RequestError(request, null, cause instanceof Error ? cause.message : null, [], { cause });
  }
  if (!response.ok) throw await failedRequest(request, response);
  return response;
}
