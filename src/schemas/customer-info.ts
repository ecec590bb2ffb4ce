import { z } from "zod";

/** Longest value Stripe accepts in a metadata field; every customer field is bounded below it. */
const METADATA_VALUE_MAX = 500;

const required = (min: number, message: string, max = 200) =>
  z
    .string()
    .trim()
    .min(min, { message })
    .max(max, { message: `Must be at most ${max} characters` });

/**
 * The checkout form, field by field, with the spec's messages. The browser form and the worker's
 * payment endpoint both validate with this one schema.
 */
export const customerInfoSchema = z.object({
  name: required(2, "Name is required"),
  email: z
    .string()
    .trim()
    .max(254, { message: "Invalid email address" })
    .pipe(z.email({ message: "Invalid email address" })),
  phone: required(10, "Phone number is required", 40),
  company: z.string().trim().max(200, { message: "Must be at most 200 characters" }).optional(),
  address: required(5, "Address is required", METADATA_VALUE_MAX),
  city: required(2, "City is required", 100),
  state: required(2, "State is required", 100),
  zip: required(5, "ZIP code is required", 20),
  country: required(2, "Country is required", 100),
});

export type CustomerInfo = z.infer<typeof customerInfoSchema>;

export const DEFAULT_COUNTRY = "United States";

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
