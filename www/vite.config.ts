import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

// The page is static: `vite build` writes dist/ (relative URLs, base ./),
// which any file server can serve. The engine is the wasm-pack-style
// package in ../pkg (scripts/build-wasm.sh), imported as `selfplay`, and
// its build with the learners the first leaves out, ../pkg/learners,
// imported as `selfplay-learners` (src/core/modules.ts); only the workers
// import them. Workers are ES modules so that they can.
const pkg = fileURLToPath(new URL('../pkg/', import.meta.url));

/** Every file of the build, relative to dist/, for the service worker (public/sw.js) to cache at install. */
function precacheList(): Plugin {
  let outDir = '';
  return {
    name: 'selfplay-precache',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    closeBundle() {
      const files: string[] = [];
      const walk = (dir: string) => {
        for (const name of readdirSync(dir)) {
          const path = join(dir, name);
          if (statSync(path).isDirectory()) walk(path);
          else files.push(relative(outDir, path).split('\\').join('/'));
        }
      };
      walk(outDir);
      // The ready-made models and the learners' module are fetched when
      // first used, and cached then (sw.js caches what it fetches); of the
      // models only their manifest is cached at install.
      const lazy = (f: string) => (f.startsWith('ready/') && f !== 'ready/manifest.json') || f.includes('selfplay_learners');
      const list = files.filter((f) => f !== 'precache.json' && f !== 'sw.js' && !f.startsWith('.') && !lazy(f)).sort();
      writeFileSync(join(outDir, 'precache.json'), JSON.stringify(list.map((f) => `./${f}`)));
    },
  };
}

export default defineConfig({
  base: './',
  plugins: [precacheList()],
  resolve: {
    alias: { 'selfplay-learners': `${pkg}learners/selfplay_learners.js`, selfplay: `${pkg}selfplay.js` },
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
