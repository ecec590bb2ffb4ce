import { lazyOnce } from "../lib/lazy-once.ts";
import { wellFormedText } from "../lib/well-formed-text.ts";
import { z } from "../lib/zod.ts";
import { kraPinField } from "../tax/kra-pin.ts";

/** Longest value Stripe accepts in a metadata field; every customer field is bounded below it. */
const METADATA_VALUE_MAX = 500;

/** Stripe refuses ill-formed text outright, so the form says which field holds it. */
const text = (label: string, error: string) =>
  wellFormedText({ error }, `${label} contains characters that are not valid text`);

/**
 * A required text field. A missing or non-text value gets the same message as a too-short one,
 * so the worker answers a hand-made request with the form's own words.
 */
const required = (label: string, min: number, message: string, max = 200) =>
  text(label, message)
    .trim()
    .min(min, { message })
    .max(max, { message: `${label} must be at most ${max} characters` });

/**
 * The checkout form, field by field, with the spec's messages. The browser form and the worker's
 * payment endpoint both validate with this one schema, built on first use.
 */
export const customerInfoSchema = lazyOnce(() =>
  z.object(
    {
      name: required("Name", 2, "Name is required"),
      email: text("Email", "Invalid email address")
        .trim()
        .max(254, { message: "Invalid email address" })
        .pipe(z.email({ message: "Invalid email address" })),
      phone: required("Phone number", 10, "Phone number is required", 40),
      company: text("Company", "Company must be text")
        .trim()
        .max(200, { message: "Company must be at most 200 characters" })
        .optional(),
      kraPin: kraPinField(),
      address: required("Address", 5, "Address is required", METADATA_VALUE_MAX),
      city: required("City", 2, "City is required", 100),
      state: required("State", 2, "State is required", 100),
      zip: required("ZIP code", 5, "ZIP code is required", 20),
      country: required("Country", 2, "Country is required", 100),
    },
    { error: "Customer information is required" },
  ),
);

export type CustomerInfo = z.infer<ReturnType<typeof customerInfoSchema>>;
