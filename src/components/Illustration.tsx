import type { Art } from "../content/art.ts";

/**
 * One of the site's illustrations, with its intrinsic size (the box is reserved before it loads).
 * Lazy unless it is in the first screen; never what the first paint waits for.
 */
export function Illustration({
  art,
  className,
  eager = false,
  alt = art.alt,
}: {
  art: Art;
  className?: string;
  eager?: boolean;
  alt?: string;
}) {
  return (
    <img
      src={art.src}
      width={art.width}
      height={art.height}
      alt={alt}
      loading={eager ? undefined : "lazy"}
      decoding="async"
      className={className}
    />
  );
}
