import { cartLink, getStarted, headerLabels } from "../../site/navigation-copy.ts";
import { Icon } from "../Icon.tsx";
import { NavList } from "../NavList.tsx";
import { CartBadge } from "./CartBadge.tsx";

/**
 * The menu below the lg width: a <details>, so it opens and closes without JavaScript (the header
 * script closes it on a choice or Escape). Its panel adds the cart and "get started" to the links.
 */
export function MobileMenu({ path }: { path: string }) {
  return (
    <details className="group lg:hidden" data-mobile-menu>
      <summary className="relative flex cursor-pointer list-none items-center rounded-md p-2 text-slate-700 hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
        <Icon name="menu" className="size-6 group-open:hidden" />
        <Icon name="close" className="hidden size-6 group-open:block" />
        <span className="sr-only">{headerLabels.menu}</span>
        {/* The cart's count on the menu button too: on a phone the cart entry is inside it. */}
        <CartBadge corner />
      </summary>
      <nav
        aria-label={headerLabels.mobileNav}
        className="absolute inset-x-0 top-16 max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-slate-200 bg-white px-4 pb-6 shadow-lg"
      >
        <NavList
          path={path}
          listClassName="flex flex-col gap-1 pt-2"
          linkClassName={(current) =>
            `block rounded-md px-3 py-3 text-base font-medium ${
              current ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100"
            }`
          }
        >
          <li>
            <a
              href={cartLink.href}
              data-cart-link
              className="flex items-center gap-2 rounded-md px-3 py-3 text-base font-medium text-slate-700 hover:bg-slate-100"
            >
              <Icon name="cart" />
              {cartLink.label}
              <CartBadge />
            </a>
          </li>
          <li className="pt-2">
            <a
              href={getStarted.href}
              className="block rounded-md bg-brand-700 px-4 py-3 text-center text-base font-semibold text-white hover:bg-brand-800"
            >
              {getStarted.label}
            </a>
          </li>
        </NavList>
      </nav>
    </details>
  );
}
