/**
 * The part of the WebAssembly JavaScript API that sprague uses (take-and-break/narrow-wasm.ts). Node has
 * the API, but TypeScript declares it only in its DOM library, which this project does not load.
 */
declare namespace WebAssembly {
  class Module {
    constructor(bytes: ArrayBufferView | ArrayBuffer);
  }
  class Memory {
    constructor(descriptor: { initial: number; maximum?: number });
    readonly buffer: ArrayBuffer;
    grow(delta: number): number;
  }
  class Instance {
    constructor(module: Module, imports?: Record<string, Record<string, unknown>>);
    readonly exports: Record<string, unknown>;
  }
}
