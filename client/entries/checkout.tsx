import { hydrateIslands } from "../hydrate.tsx";
import { AppToaster } from "../islands/AppToaster.tsx";
import { Checkout } from "../islands/Checkout.tsx";

hydrateIslands({ Checkout, AppToaster });
