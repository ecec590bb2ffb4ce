import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

const ORIGIN = "http://example.com";

describe("revalidating a public page", () => {
  // A cache that stores the 304's headers over its copy's would otherwise lose Vary, and then
  // hand a gzip body to a client that never asked for one (RFC 9111 4.3.4).
  it.each(["gzip", "identity"])("answers a 304 with the Vary of the 200 (Accept-Encoding: %s)", async (encoding) => {
    const headers = { "Accept-Encoding": encoding };
    const first = await exports.default.fetch(`${ORIGIN}/services`, { headers });
    await first.arrayBuffer();
    const vary = first.headers.get("vary");
    expect(vary).toBe("Accept-Encoding");
    const again = await exports.default.fetch(`${ORIGIN}/services`, {
      headers: { ...headers, "If-None-Match": first.headers.get("etag") ?? "" },
    });
    expect(again.status).toBe(304);
    expect(again.headers.get("vary")).toBe(vary);
    expect(again.headers.get("etag")).toBe(first.headers.get("etag"));
  });
});
