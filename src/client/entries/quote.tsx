import { hydrateIslands } from "../hydrate.tsx";
import { QuoteSelector } from "../../islands/QuoteSelector.tsx";

export const ready = hydrateIslands({ QuoteSelector });
