/**
 * The local Workers Analytics Engine SQL API stand-in the browser tests' site talks to, and the test
 * account and token the worker and browser tests configure. `npm start` runs its own on 12115; the
 * worker tests start theirs on free ports (tests/support/analytics-standins.ts).
 */
export const BROWSER_ANALYTICS_STANDIN_PORT = Number(process.env.E2E_ANALYTICS_STANDIN_PORT ?? 12116);

/** 32 hex digits, as a Cloudflare account id is; the stand-ins answer only this one. */
export const TEST_ANALYTICS_ACCOUNT_ID = "7e57acc0000000000000000000000001";
/** The bearer token the stand-ins take ("Account Analytics Read"). */
export const TEST_ANALYTICS_TOKEN = "test-analytics-read-token-0123456789";
