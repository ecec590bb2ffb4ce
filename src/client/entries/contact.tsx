import { AppToaster } from "../../islands/AppToaster.tsx";
import { ContactForm } from "../../islands/ContactForm.tsx";
import { hydrateIslands } from "../hydrate.tsx";
import { embedMapWhenNear } from "../map-embed.ts";

export const ready = hydrateIslands({ ContactForm, AppToaster });
embedMapWhenNear();
