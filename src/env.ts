/** The Hono environment of every route: the Worker's bindings (generated in worker-configuration.d.ts). A leaf module. */
export type AppEnv = { Bindings: Env };
