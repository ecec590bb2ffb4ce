declare module "virtual:client-assets" {
  const assets: Record<string, { js: string[]; css: string[] } | undefined>;
  export default assets;
  /**
   * Production builds: the site stylesheet split into rules, and per client entry the styled class
   * names its code can add. Null in dev, where the stylesheet is linked instead.
   */
  export const siteCss: {
    rules: import("./css-rules.ts").CssNode[];
    entryClasses: Record<string, string[] | undefined>;
  } | null;
  /** CSP hash ('sha256-…') of the <style> element sonner inserts when it loads. */
  export const toastStylesHash: string;
  /** The inline script that loads a page's bundles after first paint, and its CSP hash. */
  export const islandLoader: { code: string; hash: string };
  /** The inline <head> script that marks a browser holding a cart (build/cart-hint.ts), and its CSP hash. */
  export const cartHint: { code: string; hash: string };
}
