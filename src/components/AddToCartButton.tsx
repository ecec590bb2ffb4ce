import type { CartItemInput } from "../checkout/cart-item-schema.ts";
import { buttonClass } from "./ButtonLink.tsx";
import { Icon } from "./Icon.tsx";

type Variant = Parameters<typeof buttonClass>[0];

/**
 * Server-rendered button naming its cart item by id; the pricing client entry adds that item (from
 * the same catalogue, catalogue/pricing-cart-items.ts) to the cart on click. Only the id is in the
 * page: seventeen items written out in full cost /pricing 375 bytes of its first round trip. The
 * hidden suffix gives each of the page's many identical buttons its own name.
 */
export function AddToCartButton({
  item,
  label,
  variant = "outline",
}: {
  item: CartItemInput;
  label: string;
  variant?: Variant;
}) {
  return (
    <button type="button" data-add-to-cart={item.id} className={`${buttonClass(variant)} w-full cursor-pointer`}>
      <Icon name="cart" className="size-4" />
      {label}
      <span className="sr-only">{` for ${item.name}`}</span>
    </button>
  );
}
