// npm run mpesa:register [-- --dry-run] [--dev-vars <file>]
//   Registers the site's C2B validation and confirmation URLs (SITE_URL + /payments/c2b/<secret>/…)
//   for MPESA_SHORTCODE with Daraja's C2B Register URL, so paybill payments are recorded by
//   themselves (docs/paybill.md). Reads the MPESA_* settings, SITE_URL and MPESA_C2B_PATH_SECRET
//   from the environment, else .dev.vars; MPESA_API_BASE (loopback only) points it at the stand-in.
//   --dry-run prints what would be registered and sends nothing; --dev-vars reads another file than
//   .dev.vars (the environment still wins). The secret is never printed.
// Exit status: 0 registered, 1 Daraja refused or failed, 2 bad configuration.
import { parseArgs } from "node:util";
import { MpesaProviderError } from "../../src/providers/daraja.ts";
import { devVarsSettings } from "../lib/dev-vars-settings.ts";
import { REGISTER_SETTINGS, RegisterConfigError, registerPlan, registerUrls, withoutSecret } from "./register.ts";

const { values } = parseArgs({
  options: { "dry-run": { type: "boolean", default: false }, "dev-vars": { type: "string" } },
});

try {
  const settings = devVarsSettings(REGISTER_SETTINGS, process.env, values["dev-vars"]);
  const plan = registerPlan(settings);
  console.log(`C2B URLs for paybill ${plan.shortcode}, at ${plan.base}:`);
  console.log(`  validation:   ${withoutSecret(plan.validationUrl)}`);
  console.log(`  confirmation: ${withoutSecret(plan.confirmationUrl)}`);
  console.log("  response type: Completed (M-Pesa completes a payment when the site cannot be reached)");
  if (values["dry-run"]) {
    console.log("Dry run: nothing sent.");
  } else {
    const registered = await registerUrls(settings, plan);
    const id = registered.originatorConversationId ? ` (${registered.originatorConversationId})` : "";
    console.log(`Daraja: ${registered.description || "registered"}${id}.`);
  }
} catch (err) {
  if (err instanceof RegisterConfigError) {
    console.error(`${err.message} (in .dev.vars or the environment; see .dev.vars.example and docs/paybill.md)`);
    process.exit(2);
  }
  if (err instanceof MpesaProviderError) {
    console.error(err.message);
    if (/already registered/i.test(err.message)) {
      console.error(
        "Delete the shortcode's URLs on the Daraja portal (Self Services > URL Management), then run this again.",
      );
    }
    process.exit(1);
  }
  throw err;
}
