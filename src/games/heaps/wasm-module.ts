/**
 * The WebAssembly modules of the heap kernels (narrow.wasm, wide.wasm, plain.wasm beside the take-and-break
 * kernel, wythoff.wasm), built by `npm run build` from wasm/*.ts. Each is compiled once, on first use; where
 * the file is missing or does not compile the loader gives null and the kernel runs its JavaScript path, so a
 * checkout without the AssemblyScript build still computes the same values.
 */
import { readFileSync } from 'node:fs';

/** A loader of the module at `url`: the compiled module (the same one each call), or null when there is none. */
export function wasmModuleLoader(url: URL): () => WebAssembly.Module | null {
  let compiled: WebAssembly.Module | null | undefined;
  return () => {
    if (compiled === undefined) {
      try {
        compiled = new WebAssembly.Module(readFileSync(url));
      } catch {
        compiled = null;
      }
    }
    return compiled;
  };
}
