// Stands in for `server-only` under vitest (see vitest.config.ts). The real package throws unless
// it is resolved with the "react-server" condition, which only Next's server bundles use; tests
// import server modules directly, so here the mark is an empty module.
export {};
