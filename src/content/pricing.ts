/**
 * Pricing page content (spec section 9). Names and prices here are also what the payment endpoint
 * charges for 'pricing-…' cart items, so a change here changes the price at checkout.
 */
export type Plan = {
  name: string;
  /** USD per month, whole dollars. */
  price: number;
  period: "month";
  description: string;
  features: string[];
  cta: string;
  popular: boolean;
};

export type OneTimeService = { name: string; price: number; description: string; duration: string };

export type AddOn = { name: string; price: number; description: string };

// Descriptions and features are filled in with the pricing page.
export const plans: Plan[] = [
  { name: "Starter", price: 150, period: "month", description: "", features: [], cta: "Add to Cart", popular: false },
  { name: "Business", price: 375, period: "month", description: "", features: [], cta: "Add to Cart", popular: true },
  {
    name: "Enterprise",
    price: 750,
    period: "month",
    description: "",
    features: [],
    cta: "Add to Cart",
    popular: false,
  },
];

export const oneTimeServices: OneTimeService[] = [
  { name: "Quick Tech Fix", price: 50, description: "", duration: "" },
  { name: "Software Installation", price: 75, description: "", duration: "" },
  { name: "Email Configuration", price: 100, description: "", duration: "" },
  { name: "Data Backup Setup", price: 150, description: "", duration: "" },
  { name: "Website Updates", price: 125, description: "", duration: "" },
  { name: "Network Configuration", price: 200, description: "", duration: "" },
  { name: "IT Health Check", price: 250, description: "", duration: "" },
  { name: "IT Consultation Session", price: 300, description: "", duration: "" },
  { name: "Security Hardening", price: 400, description: "", duration: "" },
  { name: "Custom Automation Script", price: 500, description: "", duration: "" },
];

export const addOns: AddOn[] = [
  { name: "Cybersecurity Audit", price: 75, description: "" },
  { name: "Cloud Migration Package", price: 115, description: "" },
  { name: "Emergency Support Package", price: 45, description: "15-minute response" },
  { name: "Training Workshop", price: 60, description: "" },
];
