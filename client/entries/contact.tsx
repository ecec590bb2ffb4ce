import { hydrateIslands } from "../hydrate.tsx";
import { AppToaster } from "../islands/AppToaster.tsx";
import { ContactForm } from "../islands/ContactForm.tsx";

hydrateIslands({ ContactForm, AppToaster });
