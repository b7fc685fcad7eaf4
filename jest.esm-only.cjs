const { createHash } = require('node:crypto');
const { readFileSync } = require('node:fs');

/**
 * The packages of the deployment tests' Kubernetes schemas (kubernetes-models 5 and the same
 * project's @kubernetes-models packages), ES modules whose exports name their files under the
 * `import` condition only: a require() of them resolves nowhere, in Node as in Jest, so
 * deploy/jest.resolver.cjs resolves them as an import would.
 */
const IMPORT_ONLY_PACKAGES = ['kubernetes-models', '@kubernetes-models/[^/]+'];

/**
 * The dependencies the servers use that are published as ES modules only. The compiled services
 * (CommonJS) load them with Node 24's require(esm); Jest's own module system does that only under
 * --experimental-vm-modules, so its CommonJS runtime gets them compiled to CommonJS by the
 * transform below instead. (Older CommonJS versions of the same names elsewhere in the tree pass
 * through it unchanged.) The deployment tests add the Kubernetes schemas and what their validation
 * imports (is-cidr, cidr-regex).
 */
const ESM_ONLY_PACKAGES = [
  'etag',
  'cookie',
  'entities',
  ...IMPORT_ONLY_PACKAGES,
  'is-cidr',
  'cidr-regex',
];

/** A file of one of those packages, wherever npm put it (hoisted or under a workspace). */
const ESM_ONLY_FILE = `/node_modules/(?:${ESM_ONLY_PACKAGES.join('|')})/.+\\.js$`;

/** node_modules stays untransformed (Jest's default) but for those packages. */
const TRANSFORM_IGNORE = `/node_modules/(?!(?:${ESM_ONLY_PACKAGES.join('|')})/)`;

/** A Jest transformer: import/export to require/exports, nothing else (no type checks). */
const transformer = {
  process(source, filename) {
    // Required here: the Jest configs read this file's patterns without needing the compiler.
    const ts = require('typescript');
    const { outputText, sourceMapText } = ts.transpileModule(source, {
      fileName: filename,
      compilerOptions: {
        module: ts.ModuleKind.CommonJS,
        target: ts.ScriptTarget.ES2022,
        esModuleInterop: true,
        allowJs: true,
        sourceMap: true,
      },
    });
    return { code: outputText, map: sourceMapText };
  },
  /** Jest's cached output is redone when the source, this file or the compiler changes. */
  getCacheKey(source, filename, { configString }) {
    return createHash('sha256')
      .update(readFileSync(__filename))
      .update(require('typescript').version)
      .update(configString)
      .update(filename)
      .update(source)
      .digest('hex');
  },
};

module.exports = { ...transformer, ESM_ONLY_FILE, TRANSFORM_IGNORE, IMPORT_ONLY_PACKAGES };
