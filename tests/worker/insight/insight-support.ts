// The insight page as the owner's browser opens it: through the back office's own app shell
// (siteApp, as back-office-area.ts mounts every admin route), with the test bindings or some
// replaced (no token, an SQL API that does not answer…), signed in as the owner.
import { env } from "cloudflare:workers";
import { insightAdminRoutes } from "../../../src/insight/insight-routes.ts";
import { siteApp } from "../../../src/site-shell.ts";
import { WORKER_ADMIN_PASSWORD } from "../../support/secrets.ts";
import { parseDocument, textOf } from "../support/html.ts";
import { SITE } from "../support/orders.ts";
import { testClientIp } from "../support/payment.ts";

const app = siteApp((routes) => {
  routes.route("/", insightAdminRoutes());
});

const ownerAuthorization = (): string => `Basic ${btoa(`admin:${WORKER_ADMIN_PASSWORD}`)}`;

/** GET /admin/insight (with `query`) as the signed-in owner; `headers` replace or (given empty) remove the defaults. */
export async function openInsight(
  query = "",
  bindings: Record<string, string | undefined> = {},
  headers: Record<string, string> = {},
) {
  const all = new Headers({ Authorization: ownerAuthorization(), "CF-Connecting-IP": testClientIp() });
  for (const [name, value] of Object.entries(headers)) {
    if (value === "") all.delete(name);
    else all.set(name, value);
  }
  const request = new Request(`${SITE}/admin/insight${query}`, { headers: all, redirect: "manual" });
  const res = await app.fetch(request, { ...env, ...bindings });
  const body = await res.text();
  const document = parseDocument(body);
  return { res, status: res.status, body, document, text: textOf(document) };
}

type Opened = Awaited<ReturnType<typeof openInsight>>;

/** A funnel step's numbers as the page shows them. */
export function stepOf(page: Opened, key: string) {
  const step = page.document.querySelector(`[data-step="${key}"]`);
  return {
    count: Number(step?.querySelector("[data-count]")?.getAttribute("data-count")),
    events: Number(step?.querySelector("[data-events]")?.getAttribute("data-events")),
    channels: step?.querySelector("[data-channels]")?.getAttribute("data-channels") ?? "",
    conversion: step?.querySelector("[data-conversion]")?.getAttribute("data-conversion") ?? null,
    text: textOf(step),
  };
}

/** A table's rows as the owner reads them: each row's cells' text (phone labels left out). */
export function tableOf(page: Opened, panel: string): string[][] {
  const rows = Array.from(page.document.querySelectorAll(`[data-panel="${panel}"] tbody tr`));
  return rows.map((row) =>
    Array.from(row.querySelectorAll("th, td")).map((cell) => {
      const copy = cell.cloneNode(true) as Element;
      const labels = Array.from(copy.querySelectorAll("span")).filter((span) =>
        (span.getAttribute("class") ?? "").split(" ").includes("md:hidden"),
      );
      for (const label of labels) label.remove();
      return textOf(copy).trim();
    }),
  );
}
