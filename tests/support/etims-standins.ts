// Vitest globalSetup (runs in Node): the KRA eTIMS (OSCU) stand-in the worker tests talk to.
import type { TestProject } from "vitest/node";
import { startEtimsStandin } from "../../scripts/etims-standin/server.ts";
import {
  TEST_ETIMS_BRANCH_ID,
  TEST_ETIMS_CMC_KEY,
  TEST_ETIMS_DEVICE_SERIAL,
  TEST_ETIMS_TIN,
} from "./etims-standin-ports.ts";

/** A free port, as for the other stand-ins: two vitest runs at once must not fight over one. */
export default async function setup(project: TestProject) {
  const standin = await startEtimsStandin({
    port: 0,
    tin: TEST_ETIMS_TIN,
    branchId: TEST_ETIMS_BRANCH_ID,
    deviceSerial: TEST_ETIMS_DEVICE_SERIAL,
    cmcKey: TEST_ETIMS_CMC_KEY,
  });
  project.provide("etimsStandinUrl", standin.url);
  return async () => {
    await standin.close();
  };
}
