const { IMPORT_ONLY_PACKAGES } = require('../jest.esm-only.cjs');

/** A request for one of the packages (or a file of one) that export for `import` only. */
const IMPORT_ONLY_REQUEST = new RegExp(`^(?:${IMPORT_ONLY_PACKAGES.join('|')})(?:/|$)`);

/**
 * A Jest resolver: Jest's own, but a require() of kubernetes-models and its @kubernetes-models
 * packages (from the tests and from each other) resolves as an import would, to the ES modules
 * jest.esm-only.cjs then compiles to CommonJS.
 */
module.exports = function resolve(request, options) {
  if (!IMPORT_ONLY_REQUEST.test(request)) return options.defaultResolver(request, options);
  return options.defaultResolver(request, {
    ...options,
    conditions: ['import', 'node', 'default'],
  });
};
