import { hydrateIslands } from "../hydrate.tsx";
import { AppToaster } from "../../islands/AppToaster.tsx";
import { Checkout } from "../../islands/Checkout.tsx";

export const ready = hydrateIslands({ Checkout, AppToaster });
