/** Cart id of an item added from the pricing page: 'pricing-' + lower-cased name, spaces to hyphens. */
export function pricingItemId(name: string): string {
  return `pricing-${name.toLowerCase().replace(/ /g, "-")}`;
}
