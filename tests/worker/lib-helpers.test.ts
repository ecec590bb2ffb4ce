import { describe, expect, it } from "vitest";
import { base64url } from "../../src/lib/base64url.ts";
import { lazyOnce } from "../../src/lib/lazy-once.ts";

describe("base64url", () => {
  it("uses the URL alphabet and no padding", () => {
    expect(base64url(new Uint8Array([0xfb, 0xff, 0xfe]))).toBe("-__-");
    expect(base64url(new Uint8Array([0x66]))).toBe("Zg");
    expect(base64url(new Uint8Array([]).buffer)).toBe("");
  });
});

describe("lazyOnce", () => {
  it("makes the value once", () => {
    let made = 0;
    const get = lazyOnce(() => ++made);
    expect([get(), get(), get()]).toEqual([1, 1, 1]);
  });

  it("tries again after a throw", () => {
    let calls = 0;
    const get = lazyOnce(() => {
      calls++;
      if (calls === 1) throw new Error("first");
      return "second";
    });
    expect(() => get()).toThrow("first");
    expect(get()).toBe("second");
    expect(get()).toBe("second");
    expect(calls).toBe(2);
  });

  it("tries again after a rejected promise, and shares one pending promise", async () => {
    let calls = 0;
    const get = lazyOnce(async () => {
      calls++;
      if (calls === 1) throw new Error("offline");
      return "online";
    });
    const first = get();
    expect(get()).toBe(first);
    await expect(first).rejects.toThrow("offline");
    await expect(get()).resolves.toBe("online");
    await expect(get()).resolves.toBe("online");
    expect(calls).toBe(2);
  });
});

describe("formatMoney", () => {
  it("shows cents as the currency's amount", async () => {
    const { formatMoney } = await import("../../src/lib/money.ts");
    expect(formatMoney(1_200_000)).toBe("$12,000.00");
    expect(formatMoney(5)).toBe("$0.05");
    expect(formatMoney(153_000, "usd")).toBe("$1,530.00");
    expect(formatMoney(153_000, "kes")).toBe("KES\u00a01,530.00");
    expect(formatMoney(500, "jpy")).toBe("¥500");
    expect(formatMoney(1234, "zz1")).toBe("12.34 ZZ1");
  });
});
