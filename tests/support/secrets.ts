/**
 * Test-only secrets. The worker tests' bindings (vitest.config.ts), the stand-in that signs their
 * webhook events (stripe-standins.ts), and the browser tests' server (playwright.config.ts) read
 * them from here so both sides of each pair always agree.
 */
export const WORKER_WEBHOOK_SECRET = "whsec_worker_tests_0123456789abcdef";
export const WORKER_ADMIN_PASSWORD = "worker-tests-admin-password";

export const BROWSER_WEBHOOK_SECRET = "whsec_browser_tests_0123456789abcdef";
export const BROWSER_ADMIN_PASSWORD = "browser-tests-admin-password";

/**
 * E-mail addresses both test servers configure: the sender (MAIL_FROM) and the owner
 * (OWNER_EMAIL). Not secrets, but kept beside them so the bindings and the assertions agree.
 */
export const TEST_MAIL_FROM = "orders@acacia-it.example";
export const TEST_OWNER_EMAIL = "owner@acacia-it.example";
