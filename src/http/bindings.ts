/** The names of Env's string bindings: the secrets `wrangler types` declares from .dev.vars.example. */
export type StringBindingName = { [K in keyof Env]: Env[K] extends string ? K : never }[keyof Env];

/**
 * A string binding read at run time. The secrets (STRIPE_WEBHOOK_SECRET, ADMIN_PASSWORD…) are
 * declared in the generated Env as `string` (`wrangler types --env-file=.dev.vars.example`, see
 * wrangler.toml), but every one is optional in fact: a missing, empty or non-string binding counts
 * as "not configured" rather than crash.
 */
export function stringBinding(env: object, name: StringBindingName): string | undefined {
  const value: unknown = Reflect.get(env, name);
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}
