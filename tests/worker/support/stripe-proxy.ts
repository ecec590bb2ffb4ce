// A Stripe address only a fetch spy answers: each call is recorded, then answered by the test's
// own function or passed on to a stand-in. Lets a test change one answer (a price list, the portal
// configurations) while the rest of the flow runs against the real stand-in.
import { vi } from "vitest";
import { standinUrl } from "./payment.ts";

/** Nothing listens here: a request that escapes the spy fails. */
export const PROXIED_STRIPE = "http://127.0.0.1:9";

export type ProxiedCall = { method: string; path: string; query: URLSearchParams };

type Answer = (call: ProxiedCall) => Response | null;

/** The JSON answer of a Stripe list. */
export function stripeList(data: unknown[]): Response {
  const body = { object: "list", data, has_more: false, url: "/v1/list" };
  return new Response(JSON.stringify(body), {
    headers: { "Content-Type": "application/json", "Request-Id": `req_${crypto.randomUUID()}` },
  });
}

/**
 * Spies on fetch: calls to PROXIED_STRIPE are recorded, answered by `answer` when it returns a
 * Response, and otherwise passed to `to(call)` (the synced stand-in unless told). Restore with
 * vi.restoreAllMocks().
 */
export function proxyStripe(answer: Answer = () => null, to: (call: ProxiedCall) => string = () => standinUrl()) {
  const realFetch = globalThis.fetch;
  const calls: ProxiedCall[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.origin !== PROXIED_STRIPE) return realFetch(input, init);
    const call = { method: init?.method ?? "GET", path: url.pathname, query: url.searchParams };
    calls.push(call);
    const answered = answer(call);
    if (answered) return Promise.resolve(answered);
    return realFetch(new URL(`${url.pathname}${url.search}`, to(call)), init);
  });
  return { calls: () => [...calls] };
}
