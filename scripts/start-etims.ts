// `npm start`'s eTIMS part: with no eTIMS secrets configured it runs the local OSCU stand-in,
// registers the catalogue's items with it and points the worker at it, so every payment made
// offline is reported as a sale and its receipt becomes a (test) tax invoice.
import { createOscuClient, readEtimsConfig } from "../src/providers/etims.ts";
import { registerItems } from "./etims/register-items.ts";
import { type EtimsStandin, startEtimsStandin } from "./etims-standin/server.ts";
import type { FileLookup } from "./start-mpesa.ts";

const ETIMS_STANDIN_PORT = 12114;
const SECRETS = ["ETIMS_TIN", "ETIMS_DEVICE_SERIAL", "ETIMS_CMC_KEY"] as const;
/** The stand-in's taxpayer: a PIN of the right shape that is nobody's. */
const STANDIN = { tin: "P000000000X", branchId: "00", deviceSerial: "KRACU0000000001" } as const;

export type EtimsSetup = { args: string[]; standin?: EtimsStandin };

export async function etimsSetup(fromFiles: FileLookup): Promise<EtimsSetup> {
  const configured = SECRETS.filter((name) => fromFiles(name));
  if (configured.length > 0) {
    const missing = SECRETS.filter((name) => !configured.includes(name));
    console.log(
      missing.length > 0
        ? `eTIMS: not reported, ${missing.join(", ")} not set (docs/tax.md; npm run etims:init gives the key).`
        : "eTIMS: every payment is reported to KRA (ETIMS_ENV says sandbox or production; sandbox when unset).",
    );
    return { args: [] };
  }
  if (SECRETS.some((name) => process.env[name]?.trim())) {
    console.log("eTIMS: ETIMS_* keys in the environment are not read by `npm start`; put them in .dev.vars.");
  }
  return localEtimsStandin();
}

async function localEtimsStandin(): Promise<EtimsSetup> {
  const cmcKey = `local-${crypto.randomUUID()}`;
  let standin: EtimsStandin;
  try {
    standin = await startEtimsStandin({ port: ETIMS_STANDIN_PORT, ...STANDIN, cmcKey });
  } catch (err) {
    const inUse = err instanceof Error && "code" in err && err.code === "EADDRINUSE";
    throw new Error(
      inUse
        ? `Port ${ETIMS_STANDIN_PORT} is in use, so the local eTIMS stand-in cannot start. Is another \`npm start\` running?`
        : `The local eTIMS stand-in could not start: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  const vars = {
    ETIMS_TIN: STANDIN.tin,
    ETIMS_BRANCH_ID: STANDIN.branchId,
    ETIMS_DEVICE_SERIAL: STANDIN.deviceSerial,
    ETIMS_CMC_KEY: cmcKey,
    ETIMS_ENV: "sandbox",
    ETIMS_API_BASE: standin.url,
  };
  try {
    await registerItems(createOscuClient(readEtimsConfig(vars)), "B", () => {});
  } catch (err) {
    await standin.close();
    throw new Error(
      `The local eTIMS stand-in's items could not be registered: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  console.log(
    `eTIMS: no ETIMS_* secrets configured, so the local KRA OSCU stand-in runs at ${standin.url}.\n` +
      "  Every payment is reported to it and the receipt becomes a TEST tax invoice. Put the ETIMS_* secrets in .dev.vars to report to KRA.",
  );
  return { args: Object.entries(vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]), standin };
}
