import { lazyModule } from "../lazy-module.ts";

/**
 * The customer schema (zod) loads on the visitor's first touch of the checkout form rather than
 * with the page: it is a quarter of the page's JavaScript and nobody needs it before typing.
 */
const validator = lazyModule(() => import("./customer-form.ts").then((m) => m.validateCustomer));

export const loadValidator = validator.load;

/** The validator if it has loaded, for checks that must stay synchronous (live messages). */
export const loadedValidator = validator.loaded;
