import { lazyOnce } from "../lib/lazy-once.ts";
import { MAX_CART_ITEMS, MAX_QUANTITY } from "../lib/text-limits.ts";
import { wellFormedText } from "../lib/well-formed-text.ts";
import { z } from "../lib/zod.ts";

const tiers = ["entry", "small", "medium", "premium"] as const;
export type Tier = (typeof tiers)[number];

export { MAX_CART_ITEMS, MAX_QUANTITY } from "../lib/text-limits.ts";

const QUANTITY_MESSAGE = `Quantity must be a whole number from 1 to ${MAX_QUANTITY}`;

/** The cart's text goes to Stripe and the order row: it must be text Stripe and D1 keep unchanged. */
const text = (field: string, params?: { error: string }) =>
  wellFormedText(params, `A service's ${field} contains characters that are not valid text`);

/**
 * One line of the cart, as the browser stores it and sends it to /create-custom-payment.
 * The server re-checks every field against its own catalogue; this only bounds the shape.
 * Built on first use, like every schema here: building zod schemas is start-up work that most
 * requests (and page loads) never need.
 */
export const cartItemSchema = lazyOnce(() =>
  z.object(
    {
      id: text("id", { error: "Each service needs an id" }).min(1, { message: "Each service needs an id" }).max(100),
      name: text("name").min(1).max(200),
      description: text("description").max(500),
      category: text("category").min(1).max(100),
      tier: z.enum(tiers),
      price: z
        .number({ error: "Price must be a number" })
        .nonnegative({ message: "Price cannot be negative" })
        .max(1_000_000, { message: "Price is too large" }),
      quantity: z
        .number({ error: QUANTITY_MESSAGE })
        .int({ message: QUANTITY_MESSAGE })
        .min(1, { message: QUANTITY_MESSAGE })
        .max(MAX_QUANTITY, { message: QUANTITY_MESSAGE }),
    },
    { error: "Each service must be an object" },
  ),
);

export type CartItem = z.infer<ReturnType<typeof cartItemSchema>>;

/** A whole cart as the endpoints take it (payment and quote): one to MAX_CART_ITEMS lines. */
export const cartServicesSchema = lazyOnce(() =>
  z
    .array(cartItemSchema(), {
      error: (issue) => (issue.input === undefined ? "Your cart is empty" : "Services must be a list of cart items"),
    })
    .min(1, { message: "Your cart is empty" })
    .max(MAX_CART_ITEMS, { message: `A cart holds at most ${MAX_CART_ITEMS} different services` }),
);

/** What the cart's add() takes: everything but the quantity, which the cart owns. */
export type CartItemInput = Omit<CartItem, "quantity">;
