import type { ReactNode } from "react";
import { mainNav } from "../site/navigation-copy.ts";

/**
 * The main navigation's links, the current one marked for assistive technology as well as by its
 * style: the desktop bar and the mobile menu each give their own classes (and extra items).
 */
export function NavList({
  path,
  listClassName,
  linkClassName,
  children,
}: {
  path: string;
  listClassName: string;
  linkClassName: (current: boolean) => string;
  children?: ReactNode;
}) {
  return (
    <ul className={listClassName}>
      {mainNav.map((link) => {
        const current = link.href === path;
        return (
          <li key={link.href}>
            <a href={link.href} aria-current={current ? "page" : undefined} className={linkClassName(current)}>
              {link.label}
            </a>
          </li>
        );
      })}
      {children}
    </ul>
  );
}
