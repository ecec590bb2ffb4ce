import { paths } from "../paths.ts";

export const customQuoteMeta = {
  title: "Custom IT Services Quote",
  description:
    "Pick the IT services your business needs, from quick fixes to enterprise projects, and see your quote total instantly.",
};

export const customQuoteCopy = {
  title: "Custom IT Services Quote",
  subtitle: "Select the services you need and get an instant quote",
  noScript: "Selecting services and checking out need JavaScript. You can still read every service and price below.",
  bar: {
    label: "Your selection",
    selected: (n: number) => `${n} Services Selected`,
    total: "Total",
    proceed: { label: "Proceed to Checkout", href: paths.checkout },
  },
};
