/**
 * The cart's count, empty and hidden in the HTML: the header script fills it in and shows it once
 * the cart holds something. `corner` pins it to its button's top-right corner.
 */
export function CartBadge({ corner = false }: { corner?: boolean }) {
  return (
    <span
      data-cart-badge
      hidden
      aria-hidden="true"
      className={
        corner
          ? "absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-accent-700 px-1 text-center text-xs leading-5 font-bold text-white"
          : "min-w-5 rounded-full bg-accent-700 px-1.5 text-center text-xs leading-5 font-bold text-white"
      }
    />
  );
}
