// npm run etims:init | npm run etims:items
//   init:  calls KRA's selectInitOsdcInfo once with ETIMS_TIN, ETIMS_BRANCH_ID and ETIMS_DEVICE_SERIAL
//          and prints the communication key (cmcKey) to store as the ETIMS_CMC_KEY secret. It is
//          printed this once and never logged again.
//   items: registers every catalogue item with saveItem (needs ETIMS_CMC_KEY).
// Reads the ETIMS_* settings from the environment, else .dev.vars; ETIMS_API_BASE (loopback only)
// points at a stand-in. VAT_REGISTERED=false (environment) registers the items as tax type D.
// Exit status: 0 done, 1 KRA refused or failed, 2 bad configuration.
import { parseArgs } from "node:util";
import {
  createOscuClient,
  EtimsNotConfiguredError,
  EtimsRefusedError,
  EtimsUnavailableError,
  readEtimsConfig,
} from "../../src/providers/etims.ts";
import { registerItems } from "./register-items.ts";
import { etimsSettings } from "./settings.ts";

const { positionals } = parseArgs({ allowPositionals: true });
const command = positionals[0];

async function init(): Promise<void> {
  const config = readEtimsConfig(etimsSettings(), false);
  console.log(
    `Initialising the OSCU device ${config.deviceSerial} of ${config.tin}, branch ${config.branchId}, at ${config.base}…`,
  );
  const info = await createOscuClient(config).initDevice();
  const key = typeof info.cmcKey === "string" ? info.cmcKey : "";
  if (!key) throw new EtimsUnavailableError("KRA answered without a cmcKey");
  const name = typeof info.taxprNm === "string" ? info.taxprNm : "";
  console.log(`KRA knows this device${name ? ` (taxpayer ${name})` : ""}. Store this key as the secret ETIMS_CMC_KEY:`);
  console.log(`\n  ${key}\n`);
  console.log("  wrangler secret put ETIMS_CMC_KEY   (and in .dev.vars for local runs). It is not shown again.");
}

async function items(): Promise<void> {
  const config = readEtimsConfig(etimsSettings());
  const taxType = process.env.VAT_REGISTERED?.trim().toLowerCase() === "false" ? "D" : "B";
  console.log(`Registering the catalogue with KRA eTIMS at ${config.base} (tax type ${taxType})…`);
  const count = await registerItems(createOscuClient(config), taxType, (line) => console.log(line));
  console.log(`${count} items registered.`);
}

try {
  if (command === "init") await init();
  else if (command === "items") await items();
  else {
    console.error("Usage: node scripts/etims/cli.ts init|items");
    process.exit(2);
  }
} catch (err) {
  if (err instanceof EtimsNotConfiguredError) {
    console.error(`${err.message} (in .dev.vars or the environment; see .dev.vars.example and docs/tax.md).`);
    process.exit(2);
  }
  if (err instanceof EtimsRefusedError || err instanceof EtimsUnavailableError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
