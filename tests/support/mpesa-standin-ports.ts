/**
 * The local M-Pesa stand-in the browser tests' site talks to (playwright.config.ts starts it), and
 * the test credentials the worker and browser tests configure. `npm start` runs its own on 12112;
 * the worker tests start theirs on free ports.
 */
export const BROWSER_MPESA_STANDIN_PORT = Number(process.env.E2E_MPESA_STANDIN_PORT ?? 12113);
export const BROWSER_MPESA_STANDIN_URL = `http://127.0.0.1:${BROWSER_MPESA_STANDIN_PORT}`;

/** Daraja's sandbox paybill: the shortcode every test configures. */
export const TEST_MPESA_SHORTCODE = "174379";
export const TEST_MPESA_CONSUMER_KEY = "test-consumer-key";
export const TEST_MPESA_CONSUMER_SECRET = "test-consumer-secret";
/** The stand-ins are started with it, so each Password the site sends is checked exactly. */
export const TEST_MPESA_PASSKEY = "test-passkey-0123456789abcdef";
/** The secret segment of the C2B (paybill) addresses the worker tests configure: 128 bits, as required. */
export const TEST_MPESA_C2B_PATH_SECRET = "9f2c41d07be86a35c1e4f0b7a2d9c863";
/** Refunds by reversal: the initiator, its (test) credential and the result path's secret (128 bits). */
export const TEST_MPESA_INITIATOR_NAME = "testapiuser";
export const TEST_MPESA_SECURITY_CREDENTIAL = "dGVzdC1zZWN1cml0eS1jcmVkZW50aWFsLWZvci1yZXZlcnNhbHM=";
export const TEST_MPESA_RESULT_PATH_SECRET = "4b1d09e7c2a85f36d0e9b7a14c62f853";
