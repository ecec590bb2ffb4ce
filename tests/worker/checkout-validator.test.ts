import { describe, expect, it } from "vitest";
import { emptyCustomerInfo } from "../../src/checkout/customer-defaults-schema.ts";
import { loadedValidator, loadValidator } from "../../src/client/cart/validator.ts";
import { lazyModule } from "../../src/client/lazy-module.ts";

/** An importer that fails while `online` is false, counting its attempts. */
function flakyImporter() {
  const state = { online: false, attempts: 0 };
  const importer = () => {
    state.attempts++;
    return state.online ? Promise.resolve("module") : Promise.reject(new TypeError("Failed to fetch"));
  };
  return { state, importer };
}

describe("a lazily loaded module (the checkout form's checks)", () => {
  it("tries again on the next use after a failed load, rather than failing for good", async () => {
    const { state, importer } = flakyImporter();
    const lazy = lazyModule(importer);
    await expect(lazy.load()).rejects.toThrow("Failed to fetch");
    expect(lazy.loaded()).toBeNull();
    state.online = true;
    await expect(lazy.load()).resolves.toBe("module");
    expect(lazy.loaded()).toBe("module");
    expect(state.attempts).toBe(2);
  });

  it("loads once: callers at the same time share one attempt, and later ones none", async () => {
    const { state, importer } = flakyImporter();
    state.online = true;
    const lazy = lazyModule(importer);
    await Promise.all([lazy.load(), lazy.load()]);
    await lazy.load();
    expect(state.attempts).toBe(1);
  });

  it("gives the checkout form the customer checks", async () => {
    const validate = await loadValidator();
    expect(loadedValidator()).toBe(validate);
    const result = validate({ ...emptyCustomerInfo, company: "" });
    expect(result.ok ? [] : Object.keys(result.errors)).toContain("name");
  });
});
