// build/engine-factory.js, written by emcc (web/emcc/pre.js and post.js
// wrap its output): the engine's factory. Calling it gives emcc's
// MODULARIZE function, which loads the wasm and resolves with the module.
export function qipanEngineFactory(): (options: object) => Promise<{
  ccall(name: string, returns: string, types: string[], args: (string | null)[]): string;
}>;
// The wasm itself, moved out of the factory by tools/bundle.cjs; the
// factory is given its bytes as the option wasmBinary.
export const qipanWasmBase64: string;
