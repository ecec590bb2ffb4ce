import { QuoteSelector } from "../../islands/QuoteSelector.tsx";
import { hydrateIslands } from "../hydrate.tsx";

export const ready = hydrateIslands({ QuoteSelector });
