// Vitest setup file of the `worker` project, whose files share one Workers runtime (`isolate: false`
// in vitest.config.ts: starting a runtime and loading the worker for each of some 80 files cost
// most of the suite's time). Each file still starts from empty storage: this deletes every Durable
// Object of the runtime, which is what holds the local D1 database, the R2 bucket and the rate
// limiting counters; apply-migrations.ts then lays the schema again.
import { reset } from "cloudflare:test";

await reset();
