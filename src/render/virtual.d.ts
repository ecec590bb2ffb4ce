declare module "virtual:client-assets" {
  const assets: Record<string, { js: string[]; css: string[] } | undefined>;
  export default assets;
}
