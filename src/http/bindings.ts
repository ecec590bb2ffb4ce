/**
 * A string binding read at run time. Secrets (STRIPE_WEBHOOK_SECRET, ADMIN_PASSWORD…) are not in
 * the generated Env: `wrangler types` only declares them on a machine that has a .dev.vars file,
 * and a binding of the wrong kind must count as "not configured" rather than crash.
 */
export function stringBinding(env: object, name: string): string | undefined {
  const value: unknown = Reflect.get(env, name);
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}
