// A stand-in for the `wrangler` executable: put its directory first on PATH and it records every
// run (arguments and stdin) as a JSON line, and answers listings from a state file that its
// creates and secret puts change, so a second run sees what the first made. Nothing reaches Cloudflare.
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";

export type FakeState = {
  d1: { uuid: string; name: string }[];
  r2: string[];
  queues: string[];
  /** null: the Worker was never deployed (wrangler secret list then fails, as for a new Worker). */
  secrets: string[] | null;
  /** What `d1 execute` answers (its only use: the backup reading sqlite_schema); none by default. */
  schema?: { type: string; name: string; tbl_name: string; sql: string | null }[];
};

type FakeCall = { argv: string[]; stdin: string };

// Plain JavaScript for whatever `node` is on PATH; the formats are wrangler 4.155's.
const SCRIPT = `#!/usr/bin/env node
const fs = require("node:fs");
const { randomUUID } = require("node:crypto");
const dir = __dirname;
const argv = process.argv.slice(2);
const stdin = fs.readFileSync(0, "utf8");
fs.appendFileSync(dir + "/calls.jsonl", JSON.stringify({ argv, stdin }) + "\\n");
const state = JSON.parse(fs.readFileSync(dir + "/state.json", "utf8"));
const save = () => fs.writeFileSync(dir + "/state.json", JSON.stringify(state));
const cmd = argv.filter((a) => !a.startsWith("-")).slice(0, 3).join(" ");
const flag = (name) => argv[argv.indexOf(name) + 1];
if (cmd.startsWith("d1 list")) console.log(JSON.stringify(state.d1.map((d) => ({ ...d, created_at: "2026-11-25T00:00:00Z", version: "production" }))));
else if (cmd.startsWith("d1 create")) { state.d1.push({ uuid: randomUUID(), name: argv[2] }); save(); console.log("Created your new D1 database."); }
else if (cmd === "r2 bucket list") console.log("Listing buckets...\\n" + state.r2.map((n) => "name:           " + n + "\\ncreation_date:  2026-11-25T00:00:00.000Z").join("\\n\\n"));
else if (cmd === "r2 bucket create") { state.r2.push(argv[3]); save(); console.log("Created bucket '" + argv[3] + "'."); }
else if (cmd.startsWith("queues list")) console.log("┌─┬─┐\\n│ id │ name │\\n" + state.queues.map((n) => "│ " + n.length + "f00 │ " + n + " │").join("\\n") + "\\n└─┴─┘");
else if (cmd.startsWith("queues create")) { state.queues.push(argv[2]); save(); console.log("Created queue " + argv[2] + "."); }
else if (cmd.startsWith("secret list")) {
  if (state.secrets === null) { console.error('Worker "nairobi-it-consultancy" not found.'); process.exit(1); }
  console.log(JSON.stringify(state.secrets.map((name) => ({ name, type: "secret_text" })), null, "  "));
}
else if (cmd.startsWith("secret put")) { state.secrets = [...new Set([...(state.secrets ?? []), argv[2]])]; save(); console.log("Success! Uploaded secret " + argv[2]); }
else if (cmd.startsWith("d1 migrations apply")) console.log("Migrations applied.");
else if (cmd.startsWith("d1 execute")) console.log(JSON.stringify([{ results: state.schema ?? [], success: true, meta: {} }]));
else if (cmd.startsWith("d1 export")) { fs.writeFileSync(flag("--output"), "PRAGMA defer_foreign_keys=TRUE;\\nCREATE TABLE orders (id TEXT);\\n"); console.log("Exported."); }
else { console.error("fake wrangler: unknown command " + argv.join(" ")); process.exit(2); }
`;

export type FakeWrangler = {
  /** PATH with the fake first. */
  path: string;
  calls: () => FakeCall[];
  state: () => FakeState;
  close: () => void;
};

export function fakeWrangler(initial: FakeState): FakeWrangler {
  const dir = mkdtempSync(join(tmpdir(), "fake-wrangler-"));
  writeFileSync(join(dir, "wrangler"), SCRIPT);
  chmodSync(join(dir, "wrangler"), 0o755);
  writeFileSync(join(dir, "state.json"), JSON.stringify(initial));
  writeFileSync(join(dir, "calls.jsonl"), "");
  return {
    path: `${dir}${delimiter}${process.env.PATH ?? ""}`,
    calls: () =>
      readFileSync(join(dir, "calls.jsonl"), "utf8")
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as FakeCall),
    state: () => JSON.parse(readFileSync(join(dir, "state.json"), "utf8")) as FakeState,
    close: () => rmSync(dir, { recursive: true, force: true }),
  };
}
