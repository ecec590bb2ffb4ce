import { cartLink, getStarted } from "../content/navigation.ts";
import { paths } from "../paths.ts";
import { Icon } from "./Icon.tsx";
import { Logo } from "./Logo.tsx";
import { NavList } from "./NavList.tsx";

/**
 * Sticky site header. The cart badges' number, the cart link shown on a phone once the cart holds
 * something and the mobile menu's closing are the small header script's; without JavaScript the
 * menu still opens and closes (it is a <details>).
 */
export function Header({ path }: { path: string }) {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <a
          href={paths.home}
          className="rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600"
        >
          <Logo />
          <span className="sr-only">, home</span>
        </a>

        <nav aria-label="Main" className="hidden lg:block">
          <NavList
            path={path}
            listClassName="flex items-center gap-1"
            linkClassName={(current) =>
              `rounded-md px-3 py-2 text-sm font-medium transition-colors ${
                current ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900"
              }`
            }
          />
        </nav>

        <div className="flex items-center gap-2">
          <a
            href={cartLink.href}
            data-cart-link
            data-cart-reveal
            aria-label="Cart"
            className="relative hidden rounded-md p-2 text-slate-700 hover:bg-slate-100 hover:text-slate-900 lg:inline-flex"
          >
            <Icon name="cart" className="size-6" />
            <span
              data-cart-badge
              hidden
              aria-hidden="true"
              className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-accent-700 px-1 text-center text-xs leading-5 font-bold text-white"
            />
          </a>
          <a
            href={getStarted.href}
            className="hidden rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800 sm:inline-flex"
          >
            {getStarted.label}
          </a>

          <details className="group lg:hidden" data-mobile-menu>
            <summary className="relative flex cursor-pointer list-none items-center rounded-md p-2 text-slate-700 hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
              <Icon name="menu" className="size-6 group-open:hidden" />
              <Icon name="close" className="hidden size-6 group-open:block" />
              <span className="sr-only">Menu</span>
              {/* The cart's count on the menu button too: on a phone the cart entry is inside it. */}
              <span
                data-cart-badge
                hidden
                aria-hidden="true"
                className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-accent-700 px-1 text-center text-xs leading-5 font-bold text-white"
              />
            </summary>
            <nav
              aria-label="Mobile"
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
                    <span
                      data-cart-badge
                      hidden
                      aria-hidden="true"
                      className="min-w-5 rounded-full bg-accent-700 px-1.5 text-center text-xs leading-5 font-bold text-white"
                    />
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
        </div>
      </div>
    </header>
  );
}
