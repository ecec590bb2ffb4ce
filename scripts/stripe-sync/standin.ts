// The local stand-in starts with no catalogue, and Checkout refuses to sell what Stripe's catalogue
// lacks (fail closed, docs/orders.md): whoever starts a stand-in for the site to pay through
// (`npm start`, the worker and browser tests, load runs) fills it with this first.
import { catalogue } from "../../src/catalogue/catalogue.ts";
import { stripeClient } from "./config.ts";
import { type SyncResult, syncStripeCatalogue } from "./sync.ts";

/** Any test key will do: the stand-in takes every `sk_test_` key as the same account. */
const STANDIN_SYNC_KEY = "sk_test_standin_sync";

/** Runs `npm run stripe:sync` against the stand-in at `standinUrl`, in this process. */
export function syncStandinCatalogue(standinUrl: string, siteUrl = "http://127.0.0.1:8787"): Promise<SyncResult> {
  return syncStripeCatalogue({
    stripe: stripeClient({ key: STANDIN_SYNC_KEY, apiBase: new URL(standinUrl) }),
    items: catalogue.values(),
    siteUrl,
    dryRun: false,
  });
}
