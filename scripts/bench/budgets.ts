import type { LighthouseFigures } from "./lighthouse.ts";
import type { RouteSizes } from "./sizes.ts";

/** Routes that hydrate React for a form, toasts or the cart; every other route is a static page. */
export const interactiveRoutes = new Set(["/contact", "/pricing", "/custom-quote", "/checkout"]);

const KB = 1024;

/** The budgets of issue 5, as data: each check names the figure, its limit and whether it passed. */
export function checkRoute(path: string, sizes: RouteSizes, lh: LighthouseFigures | undefined): string[] {
  const failures: string[] = [];
  const limit = (what: string, value: number, max: number, unit = "") => {
    if (!(value <= max)) failures.push(`${path}: ${what} ${fmt(value)}${unit} > ${fmt(max)}${unit}`);
  };
  const floor = (what: string, value: number, min: number) => {
    if (!(value >= min)) failures.push(`${path}: ${what} ${value} < ${min}`);
  };
  limit("first-load JS (gzip)", sizes.js.gzip / KB, interactiveRoutes.has(path) ? 85 : 5, " KB");
  limit("CSS (gzip)", sizes.css.gzip / KB, 15, " KB");
  if (path === "/") limit("HTML (gzip)", sizes.html.gzip / KB, 20, " KB");
  if (sizes.thirdPartyBlocking.length)
    failures.push(`${path}: render-blocking third-party ${sizes.thirdPartyBlocking}`);
  if (lh) {
    floor("Lighthouse performance", lh.performance, 98);
    floor("Lighthouse accessibility", lh.accessibility, 100);
    floor("Lighthouse best practices", lh.bestPractices, 100);
    floor("Lighthouse SEO", lh.seo, 100);
    limit("LCP", lh.lcpMs, 900, " ms");
    limit("TBT", lh.tbtMs, 50, " ms");
    limit("CLS", lh.cls, 0.01);
  }
  return failures;
}

export function checkThroughput(ratio: number, errors: number): string[] {
  const failures: string[] = [];
  if (!(ratio >= 0.5)) failures.push(`SSR/static throughput ratio ${ratio.toFixed(2)} < 0.50`);
  if (errors > 0) failures.push(`${errors} failed requests during the throughput run`);
  return failures;
}

function fmt(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(2);
}
