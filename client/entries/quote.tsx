import { hydrateIslands } from "../hydrate.tsx";
import { QuoteSelector } from "../islands/QuoteSelector.tsx";

hydrateIslands({ QuoteSelector });
