/**
 * The site's illustrations: SVG files drawn for it (public/art/), with their intrinsic size so
 * every <img> reserves its box before it loads (no layout shift) and the alt text a page gives it.
 * One place to swap an illustration for a photograph later.
 */
export type Art = { src: string; width: number; height: number; alt: string };

const art = (file: string, width: number, height: number, alt: string): Art => ({
  src: `/art/${file}.svg`,
  width,
  height,
  alt,
});

export const heroArt = art(
  "hero-nairobi",
  640,
  520,
  "Illustration of the Nairobi skyline at dusk, the KICC tower among the city's towers, linked by network lines to cloud, security and data services",
);

/** A light network pattern, tiled behind the dark bands (decorative: CSS background). */
export const networkPattern = "/art/pattern-network.svg";

/** Illustrated portraits by person's name: the director (About) and the quoted clients (Home). */
export const portraits: Record<string, Art> = Object.fromEntries(
  [
    ["Daniel Mwangi", "portrait-daniel-mwangi"],
    ["Amina Hassan", "portrait-amina-hassan"],
    ["James Mugisha", "portrait-james-mugisha"],
    ["Dr. Neema Kileo", "portrait-neema-kileo"],
  ].map(([name, file]) => [name, art(file!, 160, 160, `Illustrated portrait of ${name}`)]),
);

/** One illustration per industry (src/site/industries-copy.ts), decorative beside its title. */
export const industryArt = {
  logistics: art("industry-logistics", 120, 80, ""),
  healthcare: art("industry-healthcare", 120, 80, ""),
  finance: art("industry-finance", 120, 80, ""),
  retail: art("industry-retail", 120, 80, ""),
  education: art("industry-education", 120, 80, ""),
  government: art("industry-government", 120, 80, ""),
} satisfies Record<string, Art>;

export type IndustryArtName = keyof typeof industryArt;
