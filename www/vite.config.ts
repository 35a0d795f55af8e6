import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The page is static: `vite build` writes dist/ (relative URLs, base ./),
// which any file server can serve. The engine is the wasm-pack-style
// package in ../pkg (scripts/build-wasm.sh), imported as `selfplay`; only
// the workers import it. Workers are ES modules so that they can.
const pkg = fileURLToPath(new URL('../pkg/', import.meta.url));

export default defineConfig({
  base: './',
  resolve: {
    alias: { selfplay: `${pkg}selfplay.js` },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
  },
  worker: {
    format: 'es',
  },
  server: { host: '127.0.0.1', fs: { allow: ['.', pkg] } },
  preview: { host: '127.0.0.1' },
});
