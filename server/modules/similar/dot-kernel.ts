// The neighbour index's inner loop as a few dozen bytes of WebAssembly SIMD (docs/decisions/024):
// int8 · int8 dot products of one query against every stored vector, 16 bytes an instruction
// (i16x8 widening, i32x4.dot_i16x8_s). Plain JavaScript scalar loops measured 8–10× slower on
// this machine; no npm package or build step is needed for it. The module is assembled here,
// byte by byte, from the instructions written out below; `similar-index.unit.test.ts` checks it against
// the scalar loop.

const SIMD = 0xfd;
/** LEB128, unsigned. */
function uleb(n: number): number[] {
  const out: number[] = [];
  do {
    let byte = n & 0x7f;
    n >>>= 7;
    if (n) byte |= 0x80;
    out.push(byte);
  } while (n);
  return out;
}
/** LEB128, signed (i32.const immediates). */
function sleb(n: number): number[] {
  const out: number[] = [];
  for (;;) {
    const byte = n & 0x7f;
    n >>= 7;
    if ((n === 0 && !(byte & 0x40)) || (n === -1 && byte & 0x40)) return [...out, byte];
    out.push(byte | 0x80);
  }
}
const section = (id: number, bytes: number[]) => [id, ...uleb(bytes.length), ...bytes];
const vector = (items: number[][]) => [...uleb(items.length), ...items.flat()];
const name = (s: string) => [...uleb(s.length), ...[...s].map((c) => c.charCodeAt(0))];

const I32 = 0x7f;
const V128 = 0x7b;
const op = {
  block: [0x02, 0x40],
  loop: [0x03, 0x40],
  end: [0x0b],
  br: (depth: number) => [0x0c, ...uleb(depth)],
  brIf: (depth: number) => [0x0d, ...uleb(depth)],
  get: (i: number) => [0x20, ...uleb(i)],
  set: (i: number) => [0x21, ...uleb(i)],
  tee: (i: number) => [0x22, ...uleb(i)],
  i32: (n: number) => [0x41, ...sleb(n)],
  add: [0x6a],
  shl: [0x74],
  ltU: [0x49],
  geU: [0x4f],
  store: [0x36, 0x02, 0x00],
  v128Load: [SIMD, ...uleb(0x00), 0x00, 0x00],
  v128Zero: [SIMD, ...uleb(0x0c), ...new Array(16).fill(0)],
  extendLow: [SIMD, ...uleb(0x87)],
  extendHigh: [SIMD, ...uleb(0x88)],
  dot: [SIMD, ...uleb(0xba)],
  addI32x4: [SIMD, ...uleb(0xae)],
  lane: (i: number) => [SIMD, ...uleb(0x1b), i],
};

// dots(vectors, count, out, dims): out[i] = Σ query[j] · vectors[i·dims + j], the query at address 0.
// Params 0 vectors, 1 count, 2 out, 3 dims; locals 4 i, 5 p (current vector), 6 c (byte in it), 7 acc.
const body = [
  ...vector([
    [3, I32],
    [1, V128],
  ]),
  ...op.get(0), ...op.set(5),
  ...op.block,
  ...op.loop,
  ...op.get(4), ...op.get(1), ...op.geU, ...op.brIf(1),
  ...op.v128Zero, ...op.set(7),
  ...op.i32(0), ...op.set(6),
  ...op.loop,
  ...op.get(7),
  ...op.get(6), ...op.v128Load, ...op.extendLow,
  ...op.get(5), ...op.get(6), ...op.add, ...op.v128Load, ...op.extendLow,
  ...op.dot, ...op.addI32x4,
  ...op.get(6), ...op.v128Load, ...op.extendHigh,
  ...op.get(5), ...op.get(6), ...op.add, ...op.v128Load, ...op.extendHigh,
  ...op.dot, ...op.addI32x4,
  ...op.set(7),
  ...op.get(6), ...op.i32(16), ...op.add, ...op.tee(6), ...op.get(3), ...op.ltU, ...op.brIf(0),
  ...op.end,
  ...op.get(2), ...op.get(4), ...op.i32(2), ...op.shl, ...op.add,
  ...op.get(7), ...op.lane(0),
  ...op.get(7), ...op.lane(1), ...op.add,
  ...op.get(7), ...op.lane(2), ...op.add,
  ...op.get(7), ...op.lane(3), ...op.add,
  ...op.store,
  ...op.get(5), ...op.get(3), ...op.add, ...op.set(5),
  ...op.get(4), ...op.i32(1), ...op.add, ...op.set(4),
  ...op.br(0),
  ...op.end,
  ...op.end,
  ...op.end,
];

const MODULE = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
  ...section(1, vector([[0x60, ...vector([[I32], [I32], [I32], [I32]]), 0x00]])),
  ...section(2, vector([[...name('env'), ...name('memory'), 0x02, 0x00, ...uleb(1)]])),
  ...section(3, vector([[0x00]])),
  ...section(7, vector([[...name('dots'), 0x00, 0x00]])),
  ...section(10, vector([[...uleb(body.length), ...body]])),
]);

let compiled: WebAssembly.Module | null | undefined;

/** The compiled kernel, or null where WebAssembly SIMD is missing (the index then loops in JavaScript). */
export function dotKernel(): WebAssembly.Module | null {
  if (compiled !== undefined) return compiled;
  try {
    compiled = WebAssembly.validate(MODULE) ? new WebAssembly.Module(MODULE) : null;
  } catch {
    compiled = null;
  }
  return compiled;
}

export type Dots = (vectors: number, count: number, out: number, dims: number) => void;

/** An instance over `memory`: the query at byte 0, vectors and scores where the caller puts them. */
export function instantiateDots(memory: WebAssembly.Memory): Dots | null {
  const module = dotKernel();
  if (!module) return null;
  return new WebAssembly.Instance(module, { env: { memory } }).exports.dots as Dots;
}
