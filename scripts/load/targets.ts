import { randomUUID } from "node:crypto";
import { pricingCartItems } from "../../src/catalogue/pricing-cart-items.ts";
import { quoteCatalogue } from "../../src/catalogue/quote-services-copy.ts";
import { publicRoutes } from "../../tests/support/routes.ts";
import type { LoadTarget } from "../bench/load.ts";

/** Every GET the site answers: its pages, robots and sitemap, a static file and the 404 page. */
export function pageTargets(base: string, copies: number): LoadTarget[] {
  const once: LoadTarget[] = [
    ...publicRoutes.map((path) => ({ url: `${base}${path}` })),
    { url: `${base}/robots.txt` },
    { url: `${base}/sitemap.xml` },
    { url: `${base}/favicon.svg` },
    { url: `${base}/no-such-page`, expectStatus: (status: number) => status === 404 },
  ];
  return Array.from({ length: copies }, () => once).flat();
}

/** A cart the checkout could send: catalogue lines at catalogue prices. */
function sampleCart(n: number) {
  const items = [...quoteCatalogue, ...pricingCartItems];
  return Array.from({ length: 1 + (n % 4) }, (_, i) => {
    const { id, name, description, category, tier, price } = items[(n * 7 + i * 5) % items.length]!;
    return { id, name, description, category, tier, price, quantity: 1 + ((n + i) % 3) };
  });
}

/**
 * Payment posts as the checkout page sends them, each from a client of its own (CF-Connecting-IP:
 * wrangler keeps a client's value, Cloudflare would overwrite it) so the per-client limit of
 * 10 a minute is not what the run measures. Each client is used at most `perClient` times.
 */
export function paymentTargets(base: string, clients: number): LoadTarget[] {
  return Array.from({ length: clients }, (_, n) => ({
    url: `${base}/create-custom-payment`,
    init: {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Origin: base,
        // A /64 per client: every per-client limit counts an IPv6 client by its /64.
        "CF-Connecting-IP": `2001:db8:10ad:${n.toString(16)}::1`,
      },
      body: JSON.stringify({
        services: sampleCart(n),
        customerInfo: {
          name: "Load Test Buyer",
          email: `load-${randomUUID()}@example.com`,
          phone: "+254 700 000 000",
          address: "1 Loopback Road",
          city: "Nairobi",
          state: "Nairobi County",
          zip: "00100",
          country: "Kenya",
        },
      }),
    },
    expectStatus: (status: number) => status === 200,
  }));
}

/** Interleaves two lists so the mix is even over the run rather than all of one kind first. */
export function interleave<T>(a: T[], b: T[]): T[] {
  const out: T[] = [];
  const ratio = a.length / Math.max(1, b.length);
  let ai = 0;
  for (const item of b) {
    for (let k = 0; k < ratio && ai < a.length; k++) out.push(a[ai++]!);
    out.push(item);
  }
  return [...out, ...a.slice(ai)];
}
