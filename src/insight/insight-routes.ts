import { Hono } from "hono";
import { notice } from "../admin/admin-answers.ts";
import { adminWho, requireOwner } from "../admin/admin-auth.ts";
import { ADMIN_PRIVATE_HEADERS } from "../admin/admin-identity.ts";
import type { AppEnv } from "../env.ts";
import { workContextOf } from "../http/work-context.ts";
import { ADMIN_INSIGHT_PATH } from "../paths.ts";
import { renderPage } from "../render/page-response.tsx";
import { insightCopy } from "./insight-copy.ts";
import { insightPage } from "./insight-page.tsx";
import { insightView, parseDays } from "./insight-view.ts";

/**
 * The back office's Insight page (docs/insight.md), behind the owner's sign-in.
 *
 * GET /admin/insight[?days=1|7|30]: the funnel, top pages, referrers, countries and M-Pesa result
 * codes of the period (Analytics Engine's SQL API), and revenue by channel (the payments ledger).
 * No `days` is the last 7 days; any other value, or `days` given twice, answers 400 with a link to
 * the 7 days. It reads only: nothing is written, so it takes no body and needs no same-origin rule.
 */
export function insightAdminRoutes() {
  const app = new Hono<AppEnv>({ strict: false });

  app.get(ADMIN_INSIGHT_PATH, requireOwner(), async (c) => {
    const days = parseDays(c.req.queries("days"));
    if (days === null) {
      const copy = insightCopy.badPeriod;
      return notice(c, 400, {
        title: copy.title,
        message: copy.message,
        back: { href: ADMIN_INSIGHT_PATH, label: copy.back },
      });
    }
    const view = await insightView(workContextOf(c), days, new Date());
    return renderPage(c, insightPage(view, adminWho(c.var.owner)), { headers: ADMIN_PRIVATE_HEADERS });
  });

  return app;
}
