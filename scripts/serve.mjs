// A static file server for the built page (www/dist), as a production host
// would serve it: each file with its type, its brotli or gzip form where the
// browser accepts one and the build wrote it (vite.config.ts writes `.br`
// and `.gz` beside every text file and wasm module, and beside the model
// files that they make a tenth smaller or more), the files whose names
// carry a hash of their content (assets/) kept by the browser for a year,
// the others checked again at each visit. scripts/serve.sh serves the page
// with it, and the end-to-end tests run against it.
//
//   node scripts/serve.mjs [PORT] [DIR]      (default 8080, www/dist)
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const port = Number(process.argv[2] ?? process.env.PORT ?? 8080);
const root = resolve(process.argv[3] ?? fileURLToPath(new URL('../www/dist', import.meta.url)));
const host = process.env.HOST ?? '127.0.0.1';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.txt': 'text/plain; charset=utf-8',
  '.tsv': 'text/tab-separated-values; charset=utf-8',
  '.selfplay': 'application/octet-stream',
};

/** The encodings the request accepts, best first, of those the build writes. */
function accepted(header) {
  const list = String(header ?? '')
    .split(',')
    .map((p) => p.trim().split(';')[0].toLowerCase());
  return [
    ['br', '.br'],
    ['gzip', '.gz'],
  ].filter(([name]) => list.includes(name));
}

async function isFile(path) {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

createServer(async (req, res) => {
  try {
    const url = new URL(req.url ?? '/', 'http://x');
    let path = normalize(decodeURIComponent(url.pathname));
    if (path.endsWith('/') || path.endsWith(sep)) path += 'index.html';
    const file = join(root, path);
    if (!file.startsWith(root + sep) && file !== root) {
      res.writeHead(403).end();
      return;
    }
    if (!(await isFile(file))) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found');
      return;
    }
    const headers = {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': path.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      vary: 'Accept-Encoding',
    };
    let body = null;
    for (const [name, ext] of accepted(req.headers['accept-encoding'])) {
      if (await isFile(file + ext)) {
        body = await readFile(file + ext);
        headers['content-encoding'] = name;
        break;
      }
    }
    body ??= await readFile(file);
    headers['content-length'] = String(body.length);
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  } catch (e) {
    res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(String(e));
  }
}).listen(port, host, () => {
  console.log(`serving ${root} at http://${host}:${port}/`);
});
