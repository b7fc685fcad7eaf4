// Copies an installed package and everything it depends on (its dependencies and the non-optional
// ones of theirs, resolved as Node resolves them from the repository root) into OUT, keeping each
// folder's place under node_modules: node copy-closure.cjs OUT PACKAGE...
// The migration image uses it to take the Prisma CLI from the full install without dev tools.
const fs = require('node:fs');
const path = require('node:path');

const [out, ...roots] = process.argv.slice(2);
const seen = new Set();
const optional = new Set();

/** The folder Node would load `name` from when required in `fromDir` (package exports aside). */
function manifestOf(name, fromDir) {
  for (let dir = path.resolve(fromDir); ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'node_modules', name, 'package.json');
    if (fs.existsSync(file)) {
      return { dir: path.dirname(file), manifest: JSON.parse(fs.readFileSync(file, 'utf8')) };
    }
    if (path.dirname(dir) === dir) return undefined;
  }
}

function visit(name, fromDir) {
  const found = manifestOf(name, fromDir);
  if (!found) {
    // Only an optional dependency may be missing (one for another platform).
    if (optional.has(name)) return;
    throw new Error(`${name} is not installed (needed from ${fromDir})`);
  }
  if (seen.has(found.dir)) return;
  seen.add(found.dir);
  const relative = path.relative(process.cwd(), found.dir);
  fs.cpSync(found.dir, path.join(out, relative), { recursive: true, verbatimSymlinks: true });
  const { dependencies = {}, optionalDependencies = {} } = found.manifest;
  for (const dependency of Object.keys(optionalDependencies)) optional.add(dependency);
  for (const dependency of Object.keys({ ...dependencies, ...optionalDependencies })) {
    visit(dependency, found.dir);
  }
}

for (const root of roots) visit(root, process.cwd());
console.log(`copy-closure: ${seen.size} packages for ${roots.join(', ')}`);
