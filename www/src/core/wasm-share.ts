// One download and one compile of each wasm module for all of the page's
// workers. The first worker that needs a module fetches it (with its
// progress reported, compiled as it arrives) and hands the compiled module
// back to the page; every other worker gets that compiled module instead of
// fetching it again — on a slow link a second download of a megabyte would
// halve the speed of the first. A worker that dies before it hands its
// module back lets the next one fetch it.

/** Which of the page's two modules: the first, or the learners' (modules.ts). */
type Which = 'first' | 'learners';

interface Share {
  /** A worker is fetching it (or has). */
  claimed: boolean;
  module: Promise<WebAssembly.Module>;
  resolve: (m: WebAssembly.Module) => void;
}

const shares = new Map<Which, Share>();

function share(learners: boolean): Share {
  const which: Which = learners ? 'learners' : 'first';
  let s = shares.get(which);
  if (!s) {
    let resolve!: (m: WebAssembly.Module) => void;
    const module = new Promise<WebAssembly.Module>((r) => (resolve = r));
    s = { claimed: false, module, resolve };
    shares.set(which, s);
  }
  return s;
}

/**
 * What a new worker does for its module: `'fetch'` it (the first to ask:
 * it must hand the compiled module back with `offerModule`), or wait for
 * the module another worker compiled.
 */
export function claimModule(learners: boolean): 'fetch' | Promise<WebAssembly.Module> {
  const s = share(learners);
  if (s.claimed) return s.module;
  s.claimed = true;
  return 'fetch';
}

/** A worker compiled the module: the workers waiting for it get it. */
export function offerModule(learners: boolean, module: WebAssembly.Module): void {
  share(learners).resolve(module);
}

/** The worker that was fetching the module died before it offered it: the next worker to ask fetches it. */
export function releaseModule(learners: boolean): void {
  share(learners).claimed = false;
}
