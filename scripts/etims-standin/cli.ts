// Runs the local KRA eTIMS (OSCU) stand-in:
//   node scripts/etims-standin/cli.ts --port 12114 [--tin P051234567X] [--branch 00]
//     [--serial KRACU0100000001] [--cmc-key KEY] [--hold-ms 30000]
// Point the site at it with ETIMS_API_BASE=http://127.0.0.1:12114 and the same ETIMS_TIN,
// ETIMS_BRANCH_ID, ETIMS_DEVICE_SERIAL and ETIMS_CMC_KEY. Test controls: README.md.
import { parseArgs } from "node:util";
import { DEFAULT_BRANCH_ID, DEFAULT_CMC_KEY, DEFAULT_DEVICE_SERIAL, DEFAULT_TIN, startEtimsStandin } from "./server.ts";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "12114" },
    host: { type: "string", default: "127.0.0.1" },
    tin: { type: "string", default: DEFAULT_TIN },
    branch: { type: "string", default: DEFAULT_BRANCH_ID },
    serial: { type: "string", default: DEFAULT_DEVICE_SERIAL },
    "cmc-key": { type: "string", default: DEFAULT_CMC_KEY },
    "hold-ms": { type: "string" },
  },
});

function integerOption(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) {
    console.error(`--${name} must be a whole number, got ${value}`);
    process.exit(2);
  }
  return n;
}

const standin = await startEtimsStandin({
  port: integerOption("port", values.port) ?? 12114,
  host: values.host,
  tin: values.tin,
  branchId: values.branch,
  deviceSerial: values.serial,
  cmcKey: values["cmc-key"],
  holdMs: integerOption("hold-ms", values["hold-ms"]),
});
console.log(`Local KRA eTIMS (OSCU) stand-in listening on ${standin.url}`);
console.log(`  device: tin ${values.tin}, branch ${values.branch}, serial ${values.serial}`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    standin.close().then(() => process.exit(0));
  });
}
