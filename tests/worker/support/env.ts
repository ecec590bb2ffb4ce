import { env } from "cloudflare:workers";

/**
 * The test env with some bindings replaced, the real one untouched. Not
 * `Object.assign(Object.create(env), …)`: `env` is a Proxy, and assigning through an object that
 * inherits from it calls the Proxy's set trap, which writes to the shared env and leaks the
 * replacement into every later test of the file (and into the real queue consumer).
 */
export function envWith(overrides: { [K in keyof Env]?: unknown }): Env {
  return new Proxy(env, {
    get: (target, key) => (Object.hasOwn(overrides, key) ? Reflect.get(overrides, key) : Reflect.get(target, key)),
  });
}
