import { defineConfig } from 'vite';

// The page is static: `vite build` writes dist/, which any file server can
// serve. Workers are ES modules so that they can import the wasm bindings.
export default defineConfig({
  base: './',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
  },
  worker: {
    format: 'es',
  },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
});
