import type { Art } from "../site/art-copy.ts";

/**
 * One of the site's illustrations, with its intrinsic size (the box is reserved before it loads).
 * Lazy unless it is in the first screen; never what the first paint waits for: a first-screen one
 * (the home hero's, beside the text on a desktop, under it on a phone) is fetched at low priority,
 * so Chromium does not raise it when it enters the viewport, nor React preload it in the head, and
 * the phone's first paint never waits on its request.
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
      fetchPriority={eager ? "low" : undefined}
      decoding="async"
      className={className}
    />
  );
}
