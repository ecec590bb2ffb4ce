import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { clientBucket, UNKNOWN_CLIENT } from "../../src/security/client-bucket.ts";

/** `count` random addresses inside the /64 `prefix` (four groups), in varied spellings. */
function addressesIn(prefix: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const low = Array.from(crypto.getRandomValues(new Uint16Array(4)), (n) => n.toString(16));
    if (i % 3 === 1) return `${prefix}:${low.join(":")}`.toUpperCase();
    if (i % 3 === 2) return `[${prefix}:${low.join(":")}]`;
    return `${prefix}:${low.join(":")}`;
  });
}

describe("clientBucket: IPv4", () => {
  it("is the address itself", () => {
    expect(clientBucket("203.0.113.7")).toBe("203.0.113.7");
    expect(clientBucket(" 198.51.100.1 ")).toBe("198.51.100.1");
    expect(clientBucket("0.0.0.0")).toBe("0.0.0.0");
    expect(clientBucket("255.255.255.255")).toBe("255.255.255.255");
  });

  it("counts an IPv4-mapped IPv6 address as the IPv4 address, however it is written", () => {
    for (const form of [
      "::ffff:203.0.113.7",
      "::FFFF:203.0.113.7",
      "::ffff:cb00:7107",
      "0:0:0:0:0:ffff:203.0.113.7",
      "0000:0000:0000:0000:0000:FFFF:CB00:7107",
      "[::ffff:203.0.113.7]",
    ]) {
      expect(clientBucket(form), form).toBe("203.0.113.7");
    }
  });
});

describe("clientBucket: IPv6 counts by its /64", () => {
  it("gives every spelling of one address one key", () => {
    for (const form of [
      "2001:db8:1:2::1",
      "2001:DB8:1:2::1",
      "2001:0db8:0001:0002:0000:0000:0000:0001",
      "2001:db8:1:2:0:0:0:1",
      "[2001:db8:1:2::1]",
      "2001:db8:1:2::1%eth0",
      "2001:db8:1:2::1%3",
      " 2001:db8:1:2::1 ",
    ]) {
      expect(clientBucket(form), form).toBe("2001:db8:1:2::/64");
    }
  });

  it("puts 40 addresses of one /64 in one bucket, and another /64 in another", () => {
    const keys = new Set(addressesIn("2001:db8:aaaa:bbbb", 40).map(clientBucket));
    expect([...keys]).toEqual(["2001:db8:aaaa:bbbb::/64"]);
    expect(clientBucket("2001:db8:aaaa:bbbc::1")).toBe("2001:db8:aaaa:bbbc::/64");
    expect(clientBucket("2001:db8:aaab:bbbb::1")).toBe("2001:db8:aaab:bbbb::/64");
  });

  it("reads zero-compressed forms wherever the :: is", () => {
    expect(clientBucket("::1")).toBe("0:0:0:0::/64");
    expect(clientBucket("::")).toBe("0:0:0:0::/64");
    expect(clientBucket("2001:db8::")).toBe("2001:db8:0:0::/64");
    expect(clientBucket("2001:db8::5:6:7:8")).toBe("2001:db8:0:0::/64");
    expect(clientBucket("1:2:3:4:5:6:7::")).toBe("1:2:3:4::/64");
    expect(clientBucket("::2:3:4:5:6:7:8")).toBe("0:2:3:4::/64");
    expect(clientBucket("fe80::1%en0")).toBe("fe80:0:0:0::/64");
    expect(clientBucket("64:ff9b::192.0.2.1")).toBe("64:ff9b:0:0::/64");
  });

  it("agrees with a plain reading of the eight groups, full or compressed (property)", () => {
    const group = fc.integer({ min: 0, max: 0xffff });
    fc.assert(
      fc.property(fc.array(group, { minLength: 8, maxLength: 8 }), fc.boolean(), (groups, upper) => {
        fc.pre(!(groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff));
        const expected = `${groups
          .slice(0, 4)
          .map((g) => g.toString(16))
          .join(":")}::/64`;
        const full = groups.map((g) => g.toString(16).padStart(4, "0")).join(":");
        const short = groups.map((g) => g.toString(16)).join(":");
        // Compress the longest run of zero groups (if any), as RFC 5952 writes it.
        const compressed = short.replace(/(^|:)0(:0)+(:|$)/, "::");
        for (const form of [full, short, compressed]) {
          expect(clientBucket(upper ? form.toUpperCase() : form), form).toBe(expected);
        }
      }),
    );
  });
});

describe("clientBucket: anything else shares one bucket", () => {
  it.each([
    ["missing", undefined],
    ["null", null],
    ["empty", ""],
    ["blank", "   "],
    ["a word", "localhost"],
    ["IPv4 part over 255", "256.1.1.1"],
    ["three IPv4 parts", "1.2.3"],
    ["two ::", "1::2::3"],
    ["a group of five digits", "12345::"],
    ["nine groups", "1:2:3:4:5:6:7:8:9"],
    ["seven groups", "1:2:3:4:5:6:7"],
    [":: that stands for no group", "1:2:3:4::5:6:7:8"],
    ["a leading single colon", ":1:2:3:4:5:6:7"],
    ["IPv4 before ::", "1.2.3.4::"],
    ["IPv4 not at the end", "::1.2.3.4:5"],
    ["not hex", "2001:db8:g::1"],
    ["a port", "[2001:db8::1]:443"],
  ])("%s", (_name, address) => {
    expect(clientBucket(address)).toBe(UNKNOWN_CLIENT);
  });
});
