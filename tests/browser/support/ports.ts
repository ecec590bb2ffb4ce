/** Loopback ports of the servers the browser tests start (apart from `npm start`'s 8787). */
// E2E_SITE_PORT lets two checkouts run their browser tests side by side.
export const SITE_PORT = Number(process.env.E2E_SITE_PORT ?? 8799);
export const SITE_URL = `http://127.0.0.1:${SITE_PORT}`;
