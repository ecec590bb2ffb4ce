declare module "virtual:client-assets" {
  type Files = { js: string[]; css: string[] };
  /** The client entry that hydrates islands: its chunk first, then the chunks it imports. */
  export const entry: Files;
  /** Per registry name (src/islands/registry.ts), the module's chunk first, then its imports. */
  export const modules: Record<string, Files | undefined>;
  /** The site stylesheet's URL (linked in dev; production inlines it instead). */
  export const styles: string[];
  /**
   * Production builds: the site stylesheet split into rules, and per registry module the styled
   * class names its code can add. Null in dev, where the stylesheet is linked instead.
   */
  export const siteCss: {
    rules: import("./css-rules.ts").CssNode[];
    moduleClasses: Record<string, string[] | undefined>;
  } | null;
  /** CSP hash ('sha256-…') of the <style> element sonner inserts when it loads. */
  export const toastStylesHash: string;
  /** Production builds: the registry modules that can load sonner (and insert its <style>). Null in dev: any may. */
  export const toastModules: string[] | null;
  /** The inline script that loads a page's bundles after first paint, and its CSP hash. */
  export const islandLoader: { code: string; hash: string };
  /** The inline <head> script that marks a browser holding a cart (src/client/inline/cart-hint.ts), and its hash. */
  export const cartHint: { code: string; hash: string };
}
