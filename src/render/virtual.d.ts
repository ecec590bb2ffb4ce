declare module "virtual:client-assets" {
  const assets: Record<string, { js: string[]; css: string[] } | undefined>;
  export default assets;
  /** The site stylesheet's text and CSP hash in production builds; null in dev (linked instead). */
  export const inlineStyles: { css: string; hash: string } | null;
  /** CSP hash ('sha256-…') of the <style> element sonner inserts when it loads. */
  export const toastStylesHash: string;
  /** The inline script that loads a page's bundles after first paint, and its CSP hash. */
  export const islandLoader: { code: string; hash: string };
}
