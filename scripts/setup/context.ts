import type { Wrangler } from "./wrangler.ts";

/** What every step of `npm run setup` works with. */
export type SetupContext = {
  wrangler: Wrangler;
  /** `--config <path>` for the commands that read wrangler.toml, when it is not the project's own. */
  configArgs: string[];
  /** Print every action instead of taking it: no wrangler run, no Stripe write. */
  dryRun: boolean;
  log: (line: string) => void;
};
