// The dataset the worker writes to (wrangler.toml) is the one the owner's view reads (its SQL names
// ANALYTICS_DATASET): a rename on one side alone would leave /admin/insight empty for ever.
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { unstable_readConfig } from "wrangler";
import { ANALYTICS_DATASET } from "../../src/insight/event-point.ts";

const ROOT = resolve(import.meta.dirname, "../..");

describe("the Analytics Engine binding", () => {
  it("binds ANALYTICS to the dataset the SQL reads", () => {
    const config = unstable_readConfig({ config: join(ROOT, "wrangler.toml") });
    expect(config.analytics_engine_datasets).toEqual([{ binding: "ANALYTICS", dataset: ANALYTICS_DATASET }]);
  });
});
