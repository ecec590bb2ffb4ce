// The cost of a written quote: time to draw its PDF in the Worker (p50/p99, by cart), the first
// quote of an isolate (loads the PDF library and decodes the fonts), and the bundle bytes the PDF
// library and fonts add to the Worker. Part of `npm run bench`; alone: `node scripts/bench/quote-cost.ts`
// after `npm run build`.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { pricingCartItems } from "../../src/catalogue/pricing-cart-items.ts";
import { quoteCatalogue } from "../../src/catalogue/quote-services-copy.ts";
import { raisedCeilingsConfig, serveBuiltSite } from "../lib/wrangler-server.ts";
import { applyLocalMigrations } from "../local-d1.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const WORKER_DIR = join(ROOT, "dist/nairobi_it_consultancy");

export type Timing = { p50Ms: number; p99Ms: number; samples: number };
export type QuoteCost = {
  firstQuoteMs: number;
  carts: { label: string; lines: number; pages: number; pdfBytes: number; post: Timing; pdf: Timing }[];
  bundle: { entryGzip: number; quoteChunkGzip: number; quoteChunkRaw: number; quoteChunk: string };
};

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};
const timing = (values: number[]): Timing => ({
  p50Ms: percentile(values, 50),
  p99Ms: percentile(values, 99),
  samples: values.length,
});

/**
 * Each request from a network of its own (an IPv6 client counts by its /64): the quote limiters
 * allow 10 and 30 a minute, and 20 quotes an hour, per client.
 */
let client = 0;
const nextClient = () => `2001:db8:${(++client).toString(16)}::1`;

/**
 * The worst a visitor may type into the "Prepared for" block: the longest name and company the
 * form takes (200 characters each), of the widest letters, every letter from another script than
 * the one before, the two largest font files first (each script is a font to embed and a run to lay out).
 */
const WORST_NAME = "ỮŴWШΩ".repeat(40);
const WORST_COMPANY = "ŒỮMЖΨ".repeat(40);

const catalogueItem = (item: {
  id: string;
  name: string;
  description?: string;
  category: string;
  tier?: string;
  price: number;
}) => ({
  id: item.id,
  name: item.name,
  description: item.description ?? "",
  category: item.category,
  tier: item.tier ?? "entry",
  price: item.price,
  quantity: 1,
});

async function timed(url: string, init: RequestInit): Promise<{ ms: number; res: Response; body: Uint8Array }> {
  const start = performance.now();
  const res = await fetch(url, init);
  const body = new Uint8Array(await res.arrayBuffer());
  return { ms: performance.now() - start, res, body };
}

async function postQuote(origin: string, services: unknown[], name: string, company = "Bench Ltd") {
  const answer = await timed(`${origin}/quote`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin, "CF-Connecting-IP": nextClient() },
    body: JSON.stringify({ services, customer: { name, email: `bench-${client}@example.com`, company } }),
  });
  if (answer.res.status !== 200)
    throw new Error(`POST /quote answered ${answer.res.status}: ${new TextDecoder().decode(answer.body)}`);
  return answer;
}

/** The worker's entry and the chunk that holds the PDF library (loaded on the first quote only). */
function bundleCost(): QuoteCost["bundle"] {
  const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).byteLength;
  const assets = join(WORKER_DIR, "assets");
  // The largest chunk naming PDFDocument: smaller ones that only import it name it too.
  const chunk = readdirSync(assets)
    .filter((f) => f.endsWith(".js") && readFileSync(join(assets, f), "utf8").includes("PDFDocument"))
    .sort((a, b) => statSync(join(assets, b)).size - statSync(join(assets, a)).size)[0];
  if (!chunk) throw new Error("No worker chunk holds the PDF library: is it still loaded lazily?");
  return {
    entryGzip: gz(join(WORKER_DIR, "index.js")),
    quoteChunk: chunk,
    quoteChunkRaw: statSync(join(assets, chunk)).size,
    quoteChunkGzip: gz(join(assets, chunk)),
  };
}

export async function measureQuoteCost(port: number, samples = 30): Promise<QuoteCost> {
  const state = mkdtempSync(join(tmpdir(), "bench-quotes-"));
  try {
    applyLocalMigrations({ persistTo: state });
    // No e-mail: the queue's consumer would draw each quote again alongside the measured requests.
    const site = await serveBuiltSite(port, { MAIL_FROM: "", OWNER_EMAIL: "" }, [
      "--persist-to",
      state,
      "--config",
      raisedCeilingsConfig(),
    ]);
    try {
      const oneTime = [...quoteCatalogue, ...pricingCartItems].filter(
        (item) => item.category !== "Monthly Subscription",
      );
      const plan = pricingCartItems.find((item) => item.id === "pricing-business");
      if (!plan) throw new Error("No Business plan in the catalogue");
      const carts = [
        { label: "typical (plan + 2 services)", services: [plan, ...oneTime.slice(0, 2)], name: "Amina Otieno" },
        { label: "40 lines", services: oneTime.slice(0, 40), name: "Amina Otieno" },
        { label: "Unicode name (3 scripts)", services: oneTime.slice(0, 3), name: "Zoë Ńjoroge-Wanjikũ Nguyễn" },
        {
          label: "worst allowed client text",
          services: [plan, ...oneTime.slice(0, 2)],
          name: WORST_NAME,
          company: WORST_COMPANY,
        },
      ];
      const first = await postQuote(site.url, carts[0]!.services.map(catalogueItem), carts[0]!.name);
      const results: QuoteCost["carts"] = [];
      for (const cart of carts) {
        const services = cart.services.map(catalogueItem);
        const posts: number[] = [];
        let made = first;
        for (let i = 0; i < 10; i++) {
          made = await postQuote(site.url, services, cart.name, cart.company);
          posts.push(made.ms);
        }
        const number = made.res.headers.get("X-Quote-Number");
        const read = await readPdf(made.body);
        // The quote's key is in its PDF (the "Pay online" link); the PDF route serves the stored document.
        const key = /\/quote\/Q-\d{4}-\d{5}\?k=([A-Za-z0-9_-]+)/.exec(read.text)?.[1];
        if (!number || !key) throw new Error("The quote's number or key could not be read");
        const pdfs: number[] = [];
        for (let i = 0; i < samples; i++) {
          const answer = await timed(`${site.url}/quote/${number}/pdf?k=${key}`, {
            headers: { "CF-Connecting-IP": nextClient() },
          });
          if (answer.res.status !== 200) throw new Error(`GET the quote's PDF answered ${answer.res.status}`);
          pdfs.push(answer.ms);
        }
        results.push({
          label: cart.label,
          lines: services.length,
          pages: read.pages,
          pdfBytes: made.body.byteLength,
          post: timing(posts),
          pdf: timing(pdfs),
        });
      }
      return { firstQuoteMs: first.ms, carts: results, bundle: bundleCost() };
    } finally {
      await site.close();
    }
  } finally {
    rmSync(state, { recursive: true, force: true });
  }
}

/** The PDF's text and page count as a reader finds them (unpdf, the tests' reader). */
async function readPdf(bytes: Uint8Array): Promise<{ text: string; pages: number }> {
  const { extractText, getDocumentProxy } = await import("unpdf");
  // A copy: pdf.js takes over (detaches) the buffer it is given.
  const { text, totalPages } = await extractText(await getDocumentProxy(bytes.slice()), { mergePages: true });
  return { text, pages: totalPages };
}

/** Workers Free gives a request 10 ms of CPU; Workers Paid 30 s by default (up to 5 min). */
const FREE_PLAN_CPU_MS = 10;

export function printQuoteCost(cost: QuoteCost): void {
  const kb = (n: number) => (n / 1024).toFixed(1);
  console.log("\nWritten quotes (wall time on loopback, one request at a time: CPU time plus one local D1 read)");
  console.log(
    `  first quote of an isolate (loads the PDF library, decodes the fonts): ${cost.firstQuoteMs.toFixed(0)} ms`,
  );
  for (const cart of cost.carts) {
    console.log(
      `  ${cart.label.padEnd(28)} ${String(cart.lines).padStart(2)} lines, ${cart.pages} page(s), ${kb(cart.pdfBytes)} KB PDF: ` +
        `POST /quote (draws and keeps it) p50 ${cart.post.p50Ms.toFixed(1)} ms, p99 ${cart.post.p99Ms.toFixed(1)} ms; ` +
        `its PDF again (stored bytes) p50 ${cart.pdf.p50Ms.toFixed(1)} ms, p99 ${cart.pdf.p99Ms.toFixed(1)} ms (${cart.pdf.samples} runs)`,
    );
  }
  const { bundle } = cost;
  console.log(
    `  bundle: worker entry ${kb(bundle.entryGzip)} KB gzip; PDF library + fonts in ${bundle.quoteChunk}, ` +
      `${kb(bundle.quoteChunkRaw)} KB raw / ${kb(bundle.quoteChunkGzip)} KB gzip, loaded on an isolate's first quote only`,
  );
  const typicalPost = cost.carts[0]?.post.p50Ms ?? Number.NaN;
  const worst = cost.carts.find((cart) => cart.label.startsWith("worst"));
  if (worst) {
    const ratio = worst.post.p50Ms / typicalPost;
    console.log(
      `  worst allowed client text vs typical: POST p50 ${worst.post.p50Ms.toFixed(1)} ms vs ${typicalPost.toFixed(1)} ms = ${ratio.toFixed(2)}x (budget 2x)`,
    );
  }
  const typical = typicalPost;
  const fits = typical <= FREE_PLAN_CPU_MS;
  console.log(
    `  Workers Free CPU limit (${FREE_PLAN_CPU_MS} ms a request): ${fits ? "a typical quote fits" : `a typical quote does not fit (p50 ${typical.toFixed(0)} ms); Workers Paid (30 s by default) does`}`,
  );
}

if (import.meta.main) {
  printQuoteCost(await measureQuoteCost(8795));
}
