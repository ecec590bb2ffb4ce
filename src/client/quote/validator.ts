import type { validateQuoteCustomer } from "./quote-customer.ts";

type Validate = typeof validateQuoteCustomer;

let loaded: Validate | null = null;
let loading: Promise<Validate> | null = null;

/**
 * The quote's customer schema (zod) loads when a visitor starts asking for a quote, not with the
 * page: /custom-quote otherwise never needs zod for a visitor with an empty cart.
 */
export function loadQuoteValidator(): Promise<Validate> {
  loading ??= import("./quote-customer.ts").then(
    (m) => {
      loaded = m.validateQuoteCustomer;
      return loaded;
    },
    (error: unknown) => {
      // Offline, say: the next attempt tries again.
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The validator if it has loaded, for messages that follow the typing synchronously. */
export function loadedQuoteValidator(): Validate | null {
  return loaded;
}
