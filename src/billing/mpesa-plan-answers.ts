/**
 * The answers /billing gives about an M-Pesa plan, shared by the link's landing (billing-routes.ts)
 * and the plan's own forms (mpesa-plan-routes.ts): its page with a fresh one-time token, and what a
 * prompt the buyer asked for became, in words.
 */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "../env.ts";
import { renderPage } from "../render/page-response.tsx";
import { billingLinkProblemPage } from "./billing-page.tsx";
import { mpesaPlanCopy as copy } from "./mpesa-plan-copy.ts";
import { type BuyerPrompt, planPageToken, planView } from "./mpesa-plan-manage.ts";
import { planManagePage, type Shown } from "./mpesa-plan-page.tsx";

/** The plan's pages name a one-time token or a pay key: not cached, indexed or referred on. */
export const PRIVATE_HEADERS = {
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex",
  "Referrer-Policy": "no-referrer",
} as const;

/** The plan's page, its forms carrying a new one-time token (none for an ended plan). */
export async function answerPlanPage(
  c: Context<AppEnv>,
  subscriptionId: string,
  shown: Shown = {},
  status: ContentfulStatusCode = 200,
): Promise<Response> {
  const view = await planView(c.env.DB, subscriptionId);
  if (!view) return renderPage(c, billingLinkProblemPage("unknown"), { status: 404, headers: PRIVATE_HEADERS });
  const token = view.ended ? null : await planPageToken(c.env.DB, subscriptionId);
  return renderPage(c, planManagePage(view, token, shown), { status, headers: PRIVATE_HEADERS });
}

/** A prompt the buyer asked for, as the page says it (notice or problem) and the status it answers with. */
export function promptAnswer(result: BuyerPrompt, phone: string): { shown: Shown; status: ContentfulStatusCode } {
  const p = copy.problems;
  switch (result.kind) {
    case "sent":
      return { shown: { notice: copy.pay.sent(result.kes, phone) }, status: 200 };
    case "busy":
      return { shown: { problem: p.inFlight }, status: 409 };
    case "phone-busy":
      return { shown: { problem: p.phoneBusy }, status: 429 };
    case "client-busy":
      return { shown: { problem: p.clientBusy }, status: 429 };
    case "ceiling":
      return { shown: { problem: p.busy }, status: 429 };
    case "nothing-due":
      return { shown: { problem: copy.pay.nothing }, status: 409 };
    case "over-limit":
      return { shown: { problem: p.overLimit }, status: 422 };
    case "not-recorded":
      // Daraja took it: the phone has the prompt, only our record of it failed.
      return { shown: { notice: copy.pay.sentTo(phone) }, status: 200 };
    default:
      return { shown: { problem: p.notSent }, status: 503 };
  }
}
