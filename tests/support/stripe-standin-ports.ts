/**
 * The local Stripe stand-in the browser tests' site talks to (playwright.config.ts starts it).
 * Browser specs may read what it received at `${BROWSER_STRIPE_STANDIN_URL}/__requests`.
 * `npm start` uses 12111; the worker tests start theirs on free ports.
 */
export const BROWSER_STRIPE_STANDIN_PORT = Number(process.env.E2E_STANDIN_PORT ?? 12112);
export const BROWSER_STRIPE_STANDIN_URL = `http://127.0.0.1:${BROWSER_STRIPE_STANDIN_PORT}`;
export const BROWSER_STRIPE_SECRET_KEY = "sk_test_browser_tests";
