// Fails fast when npm scripts run on the system Node instead of the Node 22 the `node` devDependency installs.
const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(
    `Node ${process.versions.node} is too old: wrangler needs Node >= 22.12. ` +
      "Run `npm ci` (without --ignore-scripts) so node_modules/.bin/node is installed, then use npm scripts.",
  );
  process.exit(1);
}
