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

describe("formatMoney in US dollars, written without Intl", () => {
  it("reads as Intl's en-US does", async () => {
    const { formatMoney } = await import("../../src/lib/money.ts");
    const intl = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
    for (const cents of [
      0, 1, 9, 10, 99, 100, 101, 99_999, 100_000, 123_456, 99_999_999, 123_456_789_012, -1, -123_456,
    ]) {
      expect(formatMoney(cents)).toBe(intl.format(cents / 100));
      expect(formatMoney(cents, "USD")).toBe(intl.format(cents / 100));
    }
    expect(formatMoney(-0)).toBe(intl.format(-0));
    expect(formatMoney(0.5)).toBe(intl.format(0.005));
  });
});

describe("decimalAmount", () => {
  it("writes the amount as a spreadsheet sums it", async () => {
    const { decimalAmount } = await import("../../src/lib/money.ts");
    expect(decimalAmount(15_000)).toBe("150.00");
    expect(decimalAmount(1_234_567, "usd")).toBe("12345.67");
    expect(decimalAmount(5, "eur")).toBe("0.05");
    expect(decimalAmount(500, "jpy")).toBe("500");
    expect(decimalAmount(1234, "zz1")).toBe("12.34");
  });
});

describe("dates", () => {
  it("writes a quote's dates out, in Nairobi", async () => {
    const { formatLongDate } = await import("../../src/lib/dates.ts");
    expect(formatLongDate("2026-11-23T09:10:11.000Z")).toBe("23 November 2026");
    // 22:30 UTC is already the next day in Nairobi (UTC+3).
    expect(formatLongDate("2026-12-31T22:30:00.000Z")).toBe("1 January 2027");
    expect(formatLongDate("2026-01-05T00:00:00.000Z", "America/New_York")).toBe("4 January 2026");
  });

  it("shows the back office's times and days", async () => {
    const { formatDateTime, formatShortDate } = await import("../../src/lib/dates.ts");
    expect(formatDateTime("2026-11-23T09:10:11.000Z")).toBe("23 Nov 2026, 12:10");
    expect(formatShortDate("2026-11-23T22:10:11.000Z")).toBe("24 Nov 2026");
    expect(formatShortDate("2026-09-01T06:00:00.000Z")).toBe(formatDateTime("2026-09-01T06:00:00.000Z").split(",")[0]);
  });

  it("shows anything unreadable as stored", async () => {
    const { formatDateTime, formatLongDate, formatShortDate } = await import("../../src/lib/dates.ts");
    expect(formatLongDate("not a date")).toBe("not a date");
    expect(formatDateTime("")).toBe("");
    expect(formatShortDate("2026-13-45")).toBe("2026-13-45");
  });

  it("gives the calendar day as stored", async () => {
    const { isoDay } = await import("../../src/lib/dates.ts");
    expect(isoDay("2026-11-23T22:10:11.000Z")).toBe("2026-11-23");
  });
});

describe("base64url against the runtime's base64", () => {
  it("agrees with btoa for every length and byte", () => {
    for (let length = 0; length < 40; length++) {
      const bytes = crypto.getRandomValues(new Uint8Array(length));
      const expected = btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, "-")
        .replace(/\//g, "_")
        .replace(/=+$/, "");
      expect(base64url(bytes)).toBe(expected);
    }
  });
});
