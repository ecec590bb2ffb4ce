import type { validateCustomer } from "./customer-form.ts";

type Validate = typeof validateCustomer;

let loaded: Validate | null = null;
let loading: Promise<Validate> | null = null;

/**
 * The customer schema (zod) loads on the visitor's first touch of the checkout form rather than
 * with the page: it is a quarter of the page's JavaScript and nobody needs it before typing.
 */
export function loadValidator(): Promise<Validate> {
  loading ??= import("./customer-form.ts").then((m) => {
    loaded = m.validateCustomer;
    return loaded;
  });
  return loading;
}

/** The validator if it has loaded, for checks that must stay synchronous (live messages). */
export function loadedValidator(): Validate | null {
  return loaded;
}
