/**
 * The back office's paths for what the owner learns and owes (issue 36): the funnel, the data
 * requests logged with their clocks, the breach register and the ODPC registration number.
 * Re-exported by paths.ts, so every path is still imported from one place; a leaf like it.
 */

/** The owner's view of the site's cookieless funnel (docs/insight.md): GET, `?days=1|7|30`. */
export const ADMIN_INSIGHT_PATH = "/admin/insight";
/** POST (the owner's forms): a data request received elsewhere logged; one answered another way closed. */
export const ADMIN_DATA_REQUESTS_PATH = "/admin/people/requests";
export const ADMIN_DATA_REQUEST_CLOSE_PATH = "/admin/people/requests/:id/close";
/** The breach register (docs/breaches.md): the list and a new entry; one entry and its update; exports. */
export const ADMIN_BREACHES_PATH = "/admin/breaches";
export const ADMIN_BREACH_PATH = "/admin/breaches/:id";
export const ADMIN_BREACHES_JSON_PATH = "/admin/breaches.json";
export const ADMIN_BREACHES_CSV_PATH = "/admin/breaches.csv";
/** POST (the owner's form): the ODPC registration number shown in the privacy policy. */
export const ADMIN_ODPC_SETTING_PATH = "/admin/settings/odpc";
