// CSS modules in tests: every class name is its own key, so markup stays readable.
module.exports = new Proxy({}, { get: (_target, key) => (key === '__esModule' ? false : key) });
