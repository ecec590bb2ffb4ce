import type { CartItemInput } from "../checkout/cart-item-schema.ts";
import { buttonClass } from "./ButtonLink.tsx";
import { Icon } from "./Icon.tsx";

type Variant = Parameters<typeof buttonClass>[0];

/**
 * Server-rendered button carrying its cart item as JSON; the pricing client entry adds that item to
 * the cart on click. The hidden suffix gives each of the page's many identical buttons its own name.
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
    <button
      type="button"
      data-add-to-cart={JSON.stringify(item)}
      className={`${buttonClass(variant)} w-full cursor-pointer`}
    >
      <Icon name="cart" className="size-4" />
      {label}
      <span className="sr-only">{` for ${item.name}`}</span>
    </button>
  );
}
