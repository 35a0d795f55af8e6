import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
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

/** Every file under `dir`, relative to it, with '/' between folders. */
function filesUnder(dir: string): string[] {
  const files: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.push(relative(dir, path).split('\\').join('/'));
    }
  };
  walk(dir);
  return files.sort();
}

/** Files served compressed: text and the wasm modules. */
const COMPRESSIBLE = /\.(js|css|html|json|svg|wasm|webmanifest|tsv|txt)$/;
/**
 * Model files are served compressed where that saves a tenth or more: their
 * arrays are deflated already, but their header (the learning curve, as
 * JSON) is not, and in some it is most of the file (Hare and Hounds' hounds
 * after 10,000 games: 249 kB, 45 kB as brotli).
 */
const MODEL = /\.selfplay$/;

/**
 * After the build: writes beside every compressible file of dist/ its
 * gzip (`.gz`) and brotli (`.br`) forms, which scripts/serve.mjs (and any
 * server set to) sends to a browser that accepts them; and offline.json,
 * what the service worker (public/sw.js) keeps for offline use — `install`:
 * every file of the build but the ready-made models, the ladders' tables
 * and the learners' module, copied when it installs; `later`: those, copied
 * in the background once it runs (`bytes`: each list's size as it is
 * downloaded, compressed where it can be).
 */
function offlineAndCompressed(): Plugin {
  let outDir = '';
  return {
    name: 'selfplay-offline',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    closeBundle() {
      const files = filesUnder(outDir).filter((f) => f !== 'offline.json' && f !== 'sw.js' && !f.startsWith('.') && !/\.(gz|br|partial)$/.test(f));
      const later = (f: string) => (f.startsWith('ready/') && f !== 'ready/manifest.json') || f.includes('selfplay_learners');
      const compress = (f: string, worth = Infinity) => {
        const path = join(outDir, f);
        const body = readFileSync(path);
        const br = brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length } });
        if (br.length > body.length * worth) return;
        writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
        writeFileSync(`${path}.br`, br);
      };
      for (const f of [...files, 'sw.js']) {
        if (COMPRESSIBLE.test(f) || f === 'sw.js') compress(f);
        else if (MODEL.test(f)) compress(f, 0.9);
      }
      // A file's bytes as a browser that takes brotli downloads it.
      const sent = (f: string) => statSync(join(outDir, existsSync(join(outDir, `${f}.br`)) ? `${f}.br` : f)).size;
      const install = files.filter((f) => !later(f));
      const rest = files.filter(later);
      const sum = (list: string[]) => list.reduce((n, f) => n + sent(f), 0);
      const list = {
        install: install.map((f) => `./${f}`),
        later: rest.map((f) => `./${f}`),
        bytes: { install: sum(install), later: sum(rest) },
      };
      writeFileSync(join(outDir, 'offline.json'), JSON.stringify(list));
      compress('offline.json');
    },
  };
}

export default defineConfig({
  base: './',
  plugins: [offlineAndCompressed()],
  resolve: {
    alias: { 'selfplay-learners': `${pkg}learners/selfplay_learners.js`, 'selfplay-start': `${pkg}start.json`, selfplay: `${pkg}selfplay.js` },
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
