import { lazyModule } from "../lazy-module.ts";

/**
 * The quote's customer schema (zod) loads when a visitor starts asking for a quote, not with the
 * page: /custom-quote otherwise never needs zod for a visitor with an empty cart. A failed load
 * (offline, say) is tried again on the next attempt.
 */
const validator = lazyModule(() => import("./quote-customer.ts").then((m) => m.validateQuoteCustomer));

export const loadQuoteValidator = validator.load;

/** The validator if it has loaded, for messages that follow the typing synchronously. */
export const loadedQuoteValidator = validator.loaded;
