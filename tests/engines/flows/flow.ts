import type { Engine, Tab } from "../engine.ts";

/** One of the buyer's flows, written once for every engine. */
export type Flow = {
  name: string;
  /** Phone width (the engine's narrowest, see Engine.phoneWidth) or 1280. */
  phone?: boolean;
  /** false: the page is loaded with scripts off. */
  javaScript?: boolean;
  run(tab: Tab, engine: Engine): Promise<void>;
};
