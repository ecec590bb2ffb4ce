import type { CustomerInfo } from "./customer-info-schema.ts";

/** The checkout form's starting values: zod-free, so the form renders before the schema loads. */
const DEFAULT_COUNTRY = "United States";

export const emptyCustomerInfo: CustomerInfo = {
  name: "",
  email: "",
  phone: "",
  company: "",
  address: "",
  city: "",
  state: "",
  zip: "",
  country: DEFAULT_COUNTRY,
};
