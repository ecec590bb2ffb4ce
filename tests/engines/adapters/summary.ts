/**
 * Runs in the page: marks the first rendered <summary> whose text (visually hidden labels included,
 * elements with `hidden` left out) is `name` with data-engines-target, for the driver to click.
 * Summaries are found by text, not role: the engines disagree on a <summary>'s role (Chromium and
 * Playwright: none; WebKit: none over WebDriver; Gecko: button).
 */
export function markSummary(name: string): boolean {
  for (const el of document.querySelectorAll("[data-engines-target]")) el.removeAttribute("data-engines-target");
  const text = (node: Node): string => {
    if (node instanceof HTMLElement && (node.hidden || node.getAttribute("aria-hidden") === "true")) return "";
    if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? "";
    return Array.from(node.childNodes, text).join("");
  };
  for (const summary of document.querySelectorAll("summary")) {
    if (text(summary).replace(/\s+/g, " ").trim() !== name || summary.getClientRects().length === 0) continue;
    summary.setAttribute("data-engines-target", "");
    return true;
  }
  return false;
}
