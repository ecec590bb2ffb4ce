import { paths } from "../paths.ts";
import { cartLink, getStarted, headerLabels } from "../site/navigation-copy.ts";
import { CartBadge } from "./header/CartBadge.tsx";
import { MobileMenu } from "./header/MobileMenu.tsx";
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
          <span className="sr-only">{headerLabels.home}</span>
        </a>

        <nav aria-label={headerLabels.mainNav} className="hidden lg:block">
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
          <HeaderCartLink />
          <a
            href={getStarted.href}
            className="hidden rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800 sm:inline-flex"
          >
            {getStarted.label}
          </a>
          <MobileMenu path={path} />
        </div>
      </div>
    </header>
  );
}

/** The cart icon: wide screens only, until the header script reveals it on a phone too (`data-cart-reveal`). */
function HeaderCartLink() {
  return (
    <a
      href={cartLink.href}
      data-cart-link
      data-cart-reveal
      aria-label={cartLink.label}
      className="relative hidden rounded-md p-2 text-slate-700 hover:bg-slate-100 hover:text-slate-900 lg:inline-flex"
    >
      <Icon name="cart" className="size-6" />
      <CartBadge corner />
    </a>
  );
}
