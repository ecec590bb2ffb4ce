/**
 * Puts the office map's iframe in place once its box is close to the viewport, so the third-party
 * map never loads for a visitor who does not scroll to it. Without JavaScript a <noscript> iframe
 * (lazy-loaded by the browser) stands in.
 */
function embedMapWhenNear(): void {
  const box = document.querySelector<HTMLElement>("[data-map-embed]");
  if (!box) return;
  const show = () => {
    const frame = document.createElement("iframe");
    frame.src = box.dataset.mapEmbed ?? "";
    frame.title = box.dataset.mapTitle ?? "Map";
    frame.referrerPolicy = "strict-origin-when-cross-origin";
    frame.className = "block h-full w-full border-0";
    box.replaceChildren(frame);
  };
  if (!("IntersectionObserver" in window)) {
    show();
    return;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      show();
    },
    { rootMargin: "300px 0px" },
  );
  observer.observe(box);
}

embedMapWhenNear();

// A module (for the registry's import), though it exports nothing: it only runs.
export {};
