import type { CustomerInfo } from "./customer-info-schema.ts";

/** The checkout form's starting values: zod-free, so the form renders before the schema loads. */
const DEFAULT_COUNTRY = "United States";

/** `satisfies`, not a type: the optional fields stay strings, as the form's values must be. */
export const emptyCustomerInfo = {
  name: "",
  email: "",
  phone: "",
  company: "",
  kraPin: "",
  address: "",
  city: "",
  state: "",
  zip: "",
  country: DEFAULT_COUNTRY,
} satisfies CustomerInfo;
