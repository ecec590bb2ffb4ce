import { AppToaster } from "../../islands/AppToaster.tsx";
import { Checkout } from "../../islands/Checkout.tsx";
import { hydrateIslands } from "../hydrate.tsx";

export const ready = hydrateIslands({ Checkout, AppToaster });
