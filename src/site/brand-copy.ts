/** The logo's mark (a stylised acacia), drawn on a 32-unit square: one definition for the site and the quote PDF. */
export const logoMark = {
  size: 32,
  radius: 8,
  path: "M6 14c3-4 17-4 20 0M9 14c2 3 12 3 14 0M16 15v11M12 26h8",
  strokeWidth: 2.2,
} as const;

/** The logo tile's colour (brand 700), for the files drawn outside the stylesheet: icons, manifest. */
export const brandColors = {
  tile: "#17655c",
  /** The browser chrome's colour on phones (brand 900), as in the pages' theme-color. */
  theme: "#0f3d3e",
} as const;
