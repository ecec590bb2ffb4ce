/**
 * The local KRA eTIMS (OSCU) stand-in the browser tests' site talks to, and the test device the
 * worker and browser tests configure. `npm start` runs its own on 12114; the worker tests start
 * theirs on a free port (tests/support/etims-standins.ts).
 */
export const BROWSER_ETIMS_STANDIN_PORT = Number(process.env.E2E_ETIMS_STANDIN_PORT ?? 12115);
export const BROWSER_ETIMS_STANDIN_URL = `http://127.0.0.1:${BROWSER_ETIMS_STANDIN_PORT}`;

/** The seller's KRA PIN, branch and OSCU serial: the stand-ins know only this device. */
export const TEST_ETIMS_TIN = "P051234567X";
export const TEST_ETIMS_BRANCH_ID = "00";
export const TEST_ETIMS_DEVICE_SERIAL = "KRACU0100000001";
/** The stand-ins hand it out at initialisation and refuse any call that carries another. */
export const TEST_ETIMS_CMC_KEY = "test-cmc-key-0123456789abcdef";
