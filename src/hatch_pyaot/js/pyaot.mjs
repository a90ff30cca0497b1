// Calls a hatch-pyaot wasm32-wasi library (a WASI reactor, docs/c-abi.md) from JavaScript,
// in Node (18 and later) and in browsers: no emscripten, no npm packages, one ES module plus
// its WASI shim (wasi.mjs).
//
//   import { load } from "./pyaot.mjs";
//   const lib = await load("demo.wasm");          // reads demo.json next to it, the manifest,
//                                                 // or else ../manifest.json (pyaot build's)
//   lib.div(7, 2);                                 // 3
//   lib.scale({ data: new Float64Array([1, 2, 3, 4]), shape: [2, 2] }, 0.5)
//     // { dtype: "float64", shape: [2, 2], data: Float64Array [0.5, 1, 1.5, 2] }
//
// ---- The manifest ----------------------------------------------------------------------------
//
// A JSON object that lists the library's functions and how to pass their values:
//
//   {
//     "version": 1,                           optional; 1 is the only version
//     "functions": [
//       {
//         "name": "blur",                     the method's name on the loaded library; a
//                                             dotted name ("filters.blur") makes namespaces
//         "symbol": "pyaot_3img4blur",        the exported C function (docs/c-abi.md)
//         "params": [                         the C parameters, in order (a tuple parameter
//                                             is its items, one entry each)
//           {"name": "img", "type": "array", "dtype": "uint8", "ndim": 2},
//           {"name": "radius", "type": "int"}
//         ],
//         "results": [                        the out-parameters, in order, after the params
//           {"type": "array", "dtype": "uint8", "ndim": 2}
//         ]
//       }
//     ]
//   }
//
// "type" is "int" (Python int: int64), "float" (float: float64), "bool", a NumPy scalar dtype
// ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float32",
// "float64"), "array", or "value": a str, list, dict, set or T | None, with its "value"
// description and "mutable" (values.mjs says how JS values map). An array has a "dtype" (those names or "bool") and optionally an
// "ndim" (0 to 8; absent: any rank); an array parameter may say "readonly": true, when the
// function never writes into its elements, to skip copying them back after the call. A
// number or bool parameter may have a "default" (a number or boolean): trailing parameters
// with defaults may be left out of a call.
// A function with no results (Python None) returns undefined, one result returns it, two or
// more (a tuple) return a JS array of them.
//
// ---- JavaScript values -----------------------------------------------------------------------
//
// int, int64, uint64: a Number (an integer) or a BigInt in; out, a Number when it is a safe
//   integer (|v| <= 2**53 - 1) and a BigInt otherwise, or always a BigInt with
//   load(..., { bigint: true }). Out of range: RangeError.
// int8 ... uint32: a Number (an integer, in range) in and out.
// float, float32, float64: a Number (or a BigInt) in, a Number out.
// bool: a boolean in and out.
// array: in, a typed array (1-d, its length the shape), a plain Array of numbers (1-d) or
//   { data: TypedArray, shape: [n0, n1, ...] } with data in C order; out, always
//   { dtype, shape, data } with a new C-ordered typed array, which can be passed back in.
//   The typed array of each dtype: bool and uint8 Uint8Array (uint8 also Uint8ClampedArray),
//   int8 Int8Array, int16 Int16Array, int32 Int32Array, int64 BigInt64Array, uint16
//   Uint16Array, uint32 Uint32Array, uint64 BigUint64Array, float32 Float32Array, float64
//   Float64Array; another one is a TypeError. Arrays are copied into the module's memory for
//   the call and, unless "readonly", back into the caller's typed array after it, so that
//   the function's writes into its arguments are seen as in Python.
//
// A non-zero status throws a PyaotError: its name is the Python exception's
// (pyaot_error_type(): "ZeroDivisionError"), its message pyaot_error_message().
//
// ---- struct pyaot_array on wasm32 ------------------------------------------------------------
//
// Pointers are 4 bytes and int64_t is 8-byte aligned, so (checked by static_asserts in
// tests/fixtures/js/demo.cpp, compiled for wasm32-wasi):
//
//   offset  size  field
//        0     4  void* data        the element at index (0, ..., 0)
//        4     4  int32_t dtype     a pyaot_dtype (DTYPES[...].code)
//        8     4  int32_t ndim
//       12     4  (padding)
//       16    64  int64_t shape[8]
//       80    64  int64_t strides[8]   in elements
//      144     4  void* owner       0 for the caller's arrays; set on results
//      148     4  (padding)         sizeof 152, alignof 8

import { Placer, VALUE_SIZE, assignBack, checkDescription, isOwned, readValue } from "./values.mjs";
import { WasiExit, findGetRandomValues, moduleImports, wasiFunctions } from "./wasi.mjs";

export { WasiExit };

export const ARRAY_LAYOUT = Object.freeze({
  data: 0, dtype: 4, ndim: 8, shape: 16, strides: 80, owner: 144, size: 152, align: 8,
  maxDims: 8,
});

/** The element types: their pyaot_dtype code, byte size and typed array. */
export const DTYPES = Object.freeze({
  bool: { code: 0, size: 1, Array: Uint8Array },
  int8: { code: 1, size: 1, Array: Int8Array },
  int16: { code: 2, size: 2, Array: Int16Array },
  int32: { code: 3, size: 4, Array: Int32Array },
  int64: { code: 4, size: 8, Array: BigInt64Array },
  uint8: { code: 5, size: 1, Array: Uint8Array },
  uint16: { code: 6, size: 2, Array: Uint16Array },
  uint32: { code: 7, size: 4, Array: Uint32Array },
  uint64: { code: 8, size: 8, Array: BigUint64Array },
  float32: { code: 9, size: 4, Array: Float32Array },
  float64: { code: 10, size: 8, Array: Float64Array },
});

const DTYPE_NAMES = Object.fromEntries(Object.entries(DTYPES).map(([n, d]) => [d.code, n]));
const SCALAR_ALIASES = { int: "int64", float: "float64", bool: "bool" };
const INTEGER_RANGES = {
  int8: [-(2 ** 7), 2 ** 7 - 1], int16: [-(2 ** 15), 2 ** 15 - 1],
  int32: [-(2 ** 31), 2 ** 31 - 1], uint8: [0, 2 ** 8 - 1], uint16: [0, 2 ** 16 - 1],
  uint32: [0, 2 ** 32 - 1],
};
const BIGINT_RANGES = {
  int64: [-(2n ** 63n), 2n ** 63n - 1n], uint64: [0n, 2n ** 64n - 1n],
};
const SLOT = 8; // the bytes of a scalar out-parameter, and the alignment of everything placed

/** A Python exception raised by a compiled function: name is its type ("ValueError"). */
export class PyaotError extends Error {
  constructor(type, message, status) {
    super(message);
    this.name = type;
    this.type = type;
    this.status = status;
  }
}

// ---- Loading ----------------------------------------------------------------------------------

/**
 * Loads a library and returns an object with one method per manifest function.
 *
 * source: the .wasm as a path (Node), URL or URL string, Response (or a promise of one),
 *   ArrayBuffer, typed array or WebAssembly.Module.
 * manifest: the manifest object, or its path/URL; absent: the .json next to a .wasm path or
 *   URL (demo.wasm -> demo.json).
 * options.stdout, options.stderr: called with each line the module prints (default
 *   console.log, console.error); options.bigint: int64 and uint64 results always as BigInt.
 *
 * Besides its functions the library has (not enumerable, not Python names) $exports (the
 * instance's exports), $memory, $manifest, and $flush() (prints an unfinished last line).
 */
export async function load(source, manifest, options = {}) {
  const [module, spec, getRandomValues] = await Promise.all([
    compile(source),
    readManifest(manifest, source),
    findGetRandomValues(),
  ]);
  checkManifest(spec);
  let memory = null;
  const wasi = wasiFunctions(() => memory, { ...options, getRandomValues });
  const instance = await WebAssembly.instantiate(module, moduleImports(module, wasi));
  const exports = instance.exports;
  memory = exports.memory;
  for (const name of ["memory", "malloc", "free", "pyaot_error_type", "pyaot_error_message",
                      "pyaot_array_release"]) {
    if (exports[name] === undefined) {
      throw new Error(`the module does not export ${name}: not a hatch-pyaot wasm library`);
    }
  }
  if (typeof exports._initialize === "function") exports._initialize();

  const library = {};
  const define = (object, key, value) =>
    Object.defineProperty(object, key, { value, enumerable: true }); // even "__proto__"
  for (const fn of spec.functions) {
    const path = fn.name.split(".");
    let namespace = library;
    for (const part of path.slice(0, -1)) {
      if (!Object.hasOwn(namespace, part)) define(namespace, part, {});
      namespace = namespace[part];
    }
    define(namespace, path.at(-1), bindFunction(exports, fn, options));
  }
  const hidden = { $exports: exports, $memory: memory, $manifest: spec, $flush: wasi.flush };
  for (const [key, value] of Object.entries(hidden)) {
    Object.defineProperty(library, key, { value, enumerable: false });
  }
  return library;
}

const isNode = () => typeof process === "object" && typeof process.versions?.node === "string";

/** A URL when `location` names one (a scheme other than a Windows drive), else null. */
function asURL(location) {
  if (location instanceof URL) return location;
  if (/^[a-zA-Z]:[\\/]/.test(location) && isNode()) return null;
  if (/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(location)) return new URL(location);
  return null;
}

/** The bytes (Node files) or Response (everything fetch reaches) at a path or URL. */
async function fetchResource(location) {
  const url = asURL(location);
  if (isNode() && (url === null || url.protocol === "file:")) {
    const specifier = "node:fs/promises"; // a variable: bundlers for browsers leave it alone
    const { readFile } = await import(/* webpackIgnore: true */ /* @vite-ignore */ specifier);
    return new Uint8Array(await readFile(url ?? location));
  }
  const response = await fetch(location);
  if (!response.ok) throw new Error(`fetching ${location} failed: HTTP ${response.status}`);
  return response;
}

async function compile(source) {
  if (source instanceof WebAssembly.Module) return source;
  if (typeof source === "string" || source instanceof URL) source = await fetchResource(source);
  source = await source;
  if (typeof Response !== "undefined" && source instanceof Response) {
    const type = source.headers.get("Content-Type") ?? "";
    if (type.startsWith("application/wasm") && WebAssembly.compileStreaming) {
      return WebAssembly.compileStreaming(source);
    }
    source = await source.arrayBuffer();
  }
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) {
    return WebAssembly.compile(source);
  }
  throw new TypeError("load() takes a path, URL, Response, ArrayBuffer, typed array or " +
                      "WebAssembly.Module");
}

async function readManifest(manifest, source) {
  if (manifest !== undefined && manifest !== null && typeof manifest === "object" &&
      !(manifest instanceof URL)) {
    return manifest;
  }
  let location = manifest;
  let resource;
  if (location === undefined || location === null) {
    const candidates = siblingManifests(source);
    if (candidates.length === 0) {
      throw new TypeError("load(source, manifest): pass the manifest when the source is not " +
                          "a .wasm path or URL");
    }
    for (const candidate of candidates) {
      try {
        resource = await fetchResource(candidate);
        location = candidate;
        break;
      } catch (error) {
        if (candidate === candidates[candidates.length - 1]) {
          throw new Error(`no manifest at ${candidates.join(" or ")}: ${error.message}`);
        }
      }
    }
  } else {
    resource = await fetchResource(location);
  }
  const text = resource instanceof Uint8Array
    ? new TextDecoder().decode(resource)
    : await resource.text();
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`the manifest ${location} is not JSON: ${error.message}`);
  }
}

/** Where the manifest of a .wasm path or URL may be: demo.wasm -> demo.json beside it, then
 * ../manifest.json (the layout `pyaot build` writes: <target>/lib/<name>.wasm and
 * <target>/manifest.json); none when the source is no .wasm. */
function siblingManifests(source) {
  if (source instanceof URL) {
    if (!source.pathname.endsWith(".wasm")) return [];
    const url = new URL(source);
    url.pathname = url.pathname.replace(/\.wasm$/, ".json");
    return [url, new URL("../manifest.json", source)];
  }
  if (typeof source !== "string") return [];
  const replaced = source.replace(/\.wasm(?=[?#]|$)/, ".json");
  if (replaced === source) return [];
  const folder = source.replace(/[?#].*$/, "").replace(/[^/]*$/, "");
  return [replaced, `${folder}../manifest.json`];
}

// ---- The manifest -----------------------------------------------------------------------------

function manifestError(where, message) {
  return new TypeError(`manifest: ${where}: ${message}`);
}

function checkValue(value, where, isResult) {
  if (value === null || typeof value !== "object") {
    throw manifestError(where, "expected an object with a \"type\"");
  }
  if (value.type === "array") {
    if (!Object.hasOwn(DTYPES, value.dtype)) {
      throw manifestError(where, `unknown dtype ${JSON.stringify(value.dtype)}`);
    }
    const ndim = value.ndim;
    if (ndim !== undefined && !(Number.isInteger(ndim) && ndim >= 0 &&
                                ndim <= ARRAY_LAYOUT.maxDims)) {
      throw manifestError(where, `ndim must be an integer from 0 to ${ARRAY_LAYOUT.maxDims}`);
    }
    if (isResult && value.readonly !== undefined) {
      throw manifestError(where, "\"readonly\" is for parameters");
    }
  } else if (value.type === "value") {
    checkDescription(value.value, where);
  } else if (!Object.hasOwn(SCALAR_ALIASES, value.type) && !Object.hasOwn(DTYPES, value.type)) {
    throw manifestError(where, `unknown type ${JSON.stringify(value.type)}`);
  } else if (value.default !== undefined && (isResult || !["number", "boolean"].includes(
    typeof value.default))) {
    throw manifestError(where, "\"default\" is a number or boolean, for parameters");
  }
}

// A dotted Python identifier (Python's XID_Start and XID_Continue: "größe" is one).
const IDENTIFIER = /^[\p{XID_Start}_]\p{XID_Continue}*(\.[\p{XID_Start}_]\p{XID_Continue}*)*$/u;

function checkManifest(spec) {
  if (spec === null || typeof spec !== "object" || !Array.isArray(spec.functions)) {
    throw manifestError("top level", "expected {\"functions\": [...]}");
  }
  if (spec.version !== undefined && spec.version !== 1) {
    throw manifestError("version", `${spec.version} is not supported (this loader reads 1)`);
  }
  const names = new Set();
  for (const [index, fn] of spec.functions.entries()) {
    const where = `functions[${index}]`;
    if (typeof fn?.name !== "string" || !IDENTIFIER.test(fn.name)) {
      throw manifestError(where, "\"name\" must be a (dotted) identifier");
    }
    const prefixes = fn.name.split(".").map((_, i, parts) => parts.slice(0, i + 1).join("."));
    if (prefixes.some((prefix) => names.has(prefix)) ||
        [...names].some((name) => name.startsWith(`${fn.name}.`))) {
      throw manifestError(where, `"${fn.name}" is also another function or its namespace`);
    }
    names.add(fn.name);
    if (typeof fn.symbol !== "string") throw manifestError(where, "\"symbol\" is missing");
    for (const key of ["params", "results"]) {
      if (!Array.isArray(fn[key])) throw manifestError(where, `"${key}" must be a list`);
      fn[key].forEach((value, i) => checkValue(value, `${fn.name} ${key}[${i}]`,
                                               key === "results"));
    }
  }
}

// ---- Values -----------------------------------------------------------------------------------

function scalarDtype(type) {
  return SCALAR_ALIASES[type] ?? type;
}

/** A JS value as the wasm argument of a scalar parameter of `dtype`. */
function scalarArgument(value, dtype, where) {
  if (dtype === "bool") {
    if (typeof value !== "boolean") throw new TypeError(`${where}: expected a boolean`);
    return value ? 1 : 0;
  }
  if (dtype === "float32" || dtype === "float64") {
    if (typeof value === "bigint") return Number(value);
    if (typeof value !== "number") throw new TypeError(`${where}: expected a number`);
    return value;
  }
  const bigRange = BIGINT_RANGES[dtype];
  if (typeof value === "number") {
    if (!Number.isInteger(value)) throw new TypeError(`${where}: expected an integer`);
    if (bigRange === undefined) {
      const [low, high] = INTEGER_RANGES[dtype];
      if (value < low || value > high) {
        throw new RangeError(`${where}: ${value} is out of range for ${dtype}`);
      }
      return value;
    }
    value = BigInt(value);
  } else if (typeof value !== "bigint") {
    throw new TypeError(`${where}: expected an integer (a Number or a BigInt)`);
  }
  const [low, high] = bigRange ?? INTEGER_RANGES[dtype].map(BigInt);
  if (value < low || value > high) {
    throw new RangeError(`${where}: ${value} is out of range for ${dtype}`);
  }
  return bigRange === undefined ? Number(value) : value;
}

/** The int64/uint64 `value` as a Number when safe (unless `bigint`). */
function bigResult(value, bigint) {
  if (bigint) return value;
  const number = Number(value);
  return Number.isSafeInteger(number) ? number : value;
}

function readScalar(view, pointer, dtype, bigint) {
  switch (dtype) {
    case "bool": return view.getUint8(pointer) !== 0;
    case "int8": return view.getInt8(pointer);
    case "int16": return view.getInt16(pointer, true);
    case "int32": return view.getInt32(pointer, true);
    case "int64": return bigResult(view.getBigInt64(pointer, true), bigint);
    case "uint8": return view.getUint8(pointer);
    case "uint16": return view.getUint16(pointer, true);
    case "uint32": return view.getUint32(pointer, true);
    case "uint64": return bigResult(view.getBigUint64(pointer, true), bigint);
    case "float32": return view.getFloat32(pointer, true);
    default: return view.getFloat64(pointer, true);
  }
}

/** An array argument as { data, shape } after checking its dtype, rank and size. */
function arrayArgument(value, param, where) {
  const dtype = DTYPES[param.dtype];
  let data = value;
  let shape;
  if (Array.isArray(value)) {
    data = dtype.Array.from(value, dtype.size === 8 && param.dtype !== "float64"
      ? (x) => BigInt(x) : undefined);
    shape = [data.length];
  } else if (ArrayBuffer.isView(value)) {
    shape = [value.length];
  } else if (value !== null && typeof value === "object" && ArrayBuffer.isView(value.data)) {
    data = value.data;
    shape = Array.from(value.shape ?? [data.length], Number);
  } else {
    throw new TypeError(`${where}: expected a typed array or {data, shape}`);
  }
  const accepted = data instanceof dtype.Array ||
    (param.dtype === "uint8" && data instanceof Uint8ClampedArray);
  if (!accepted) {
    throw new TypeError(`${where}: expected a ${dtype.Array.name} for dtype ${param.dtype}, ` +
                        `got ${data.constructor.name}`);
  }
  if (shape.length > ARRAY_LAYOUT.maxDims) {
    throw new TypeError(`${where}: at most ${ARRAY_LAYOUT.maxDims} dimensions`);
  }
  if (param.ndim !== undefined && shape.length !== param.ndim) {
    throw new TypeError(`${where}: expected a ${param.ndim}-d array, got ${shape.length}-d`);
  }
  if (!shape.every((n) => Number.isInteger(n) && n >= 0)) {
    throw new TypeError(`${where}: the shape must be non-negative integers`);
  }
  const size = shape.reduce((a, b) => a * b, 1);
  if (size !== data.length) {
    throw new TypeError(`${where}: shape [${shape}] holds ${size} elements, the data ` +
                        `${data.length}`);
  }
  return { data, shape };
}

const align = (offset) => Math.ceil(offset / SLOT) * SLOT;

/** Writes a pyaot_array for C-ordered elements at `dataPointer`. */
function writeArray(view, pointer, dtype, shape, dataPointer) {
  view.setUint32(pointer + ARRAY_LAYOUT.data, dataPointer, true);
  view.setInt32(pointer + ARRAY_LAYOUT.dtype, DTYPES[dtype].code, true);
  view.setInt32(pointer + ARRAY_LAYOUT.ndim, shape.length, true);
  let stride = 1;
  for (let axis = shape.length - 1; axis >= 0; axis--) {
    view.setBigInt64(pointer + ARRAY_LAYOUT.shape + 8 * axis, BigInt(shape[axis]), true);
    view.setBigInt64(pointer + ARRAY_LAYOUT.strides + 8 * axis, BigInt(stride), true);
    stride *= shape[axis];
  }
  view.setUint32(pointer + ARRAY_LAYOUT.owner, 0, true);
}

/** A result pyaot_array as { dtype, shape, data }: a C-ordered copy of its elements. */
function readArray(buffer, pointer) {
  const view = new DataView(buffer);
  const code = view.getInt32(pointer + ARRAY_LAYOUT.dtype, true);
  const ndim = view.getInt32(pointer + ARRAY_LAYOUT.ndim, true);
  const name = DTYPE_NAMES[code];
  if (name === undefined || ndim < 0 || ndim > ARRAY_LAYOUT.maxDims) {
    throw new Error(`the module returned an array of dtype ${code}, ndim ${ndim}`);
  }
  const shape = [];
  const strides = [];
  for (let axis = 0; axis < ndim; axis++) {
    shape.push(Number(view.getBigInt64(pointer + ARRAY_LAYOUT.shape + 8 * axis, true)));
    strides.push(Number(view.getBigInt64(pointer + ARRAY_LAYOUT.strides + 8 * axis, true)));
  }
  const dtype = DTYPES[name];
  const size = shape.reduce((a, b) => a * b, 1);
  const data = new dtype.Array(size);
  if (size > 0) {
    const memory = new dtype.Array(buffer, 0, Math.floor(buffer.byteLength / dtype.size));
    gather(data, memory, view.getUint32(pointer + ARRAY_LAYOUT.data, true) / dtype.size,
           shape, strides);
  }
  return { dtype: name, shape, data };
}

/** Copies the strided elements starting at memory[start] into `out` in C order. */
function gather(out, memory, start, shape, strides) {
  const ndim = shape.length;
  if (ndim === 0) {
    out[0] = memory[start];
    return;
  }
  let contiguous = true;
  for (let axis = ndim - 1, expected = 1; axis >= 0; axis--) {
    if (shape[axis] !== 1 && strides[axis] !== expected) contiguous = false;
    expected *= shape[axis];
  }
  if (contiguous) {
    out.set(memory.subarray(start, start + out.length));
    return;
  }
  const last = ndim - 1;
  const index = new Array(ndim).fill(0);
  let offset = start;
  let k = 0;
  for (;;) {
    for (let i = 0, at = offset; i < shape[last]; i++, at += strides[last]) out[k++] = memory[at];
    let axis = last - 1;
    for (; axis >= 0; axis--) {
      offset += strides[axis];
      if (++index[axis] < shape[axis]) break;
      offset -= strides[axis] * shape[axis];
      index[axis] = 0;
    }
    if (axis < 0) return;
  }
}

function readCString(buffer, pointer) {
  const bytes = new Uint8Array(buffer, pointer);
  const end = bytes.indexOf(0);
  return new TextDecoder().decode(bytes.subarray(0, end < 0 ? 0 : end));
}

// ---- Calls ------------------------------------------------------------------------------------

/**
 * The JS function of a manifest entry. Each call places, in one malloc'd block: a
 * pyaot_array per array parameter, an out-parameter slot per result (a pyaot_array or 8
 * bytes), then the elements of every array parameter; all 8-byte aligned.
 */
function bindFunction(exports, fn, options) {
  const cFunction = exports[fn.symbol];
  if (typeof cFunction !== "function") {
    throw new Error(`the module does not export ${fn.symbol} (the manifest's ${fn.name})`);
  }
  const bigint = options.bigint === true;
  const memory = exports.memory;
  const count = fn.params.length;
  let required = count;  // the parameters before the trailing ones with defaults
  while (required > 0 && fn.params[required - 1].default !== undefined) required--;
  const takes = required === count ? `${count}` : `from ${required} to ${count}`;
  const call = (...given) => {
    if (given.length < required || given.length > count) {
      throw new TypeError(`${fn.name}() takes ${takes} arguments (${given.length} given)`);
    }
    const args = [...given, ...fn.params.slice(given.length).map((p) => p.default)];
    // the layout of the block and the checked arguments
    let size = 0;
    const arrays = [];
    const placer = new Placer(exports);  // str, list, dict, set and None values (values.mjs)
    const params = fn.params.map((param, i) => {
      const where = `${fn.name}() argument ${i + 1} (${param.name ?? i})`;
      if (param.type === "value") {
        try {
          return { value: placer.node(args[i], param.value, where), given: args[i],
                   mutable: param.mutable === true };
        } catch (error) {
          placer.free();
          throw error;
        }
      }
      if (param.type !== "array") {
        return { value: scalarArgument(args[i], scalarDtype(param.type), where) };
      }
      const array = { ...arrayArgument(args[i], param, where), param, struct: size };
      size += ARRAY_LAYOUT.size;
      arrays.push(array);
      return array;
    });
    const slots = fn.results.map((result) => {
      const slot = size;
      size += result.type === "array" ? ARRAY_LAYOUT.size
        : result.type === "value" ? VALUE_SIZE : SLOT;
      return slot;
    });
    for (const array of arrays) {
      array.offset = size;
      size = align(size + array.data.byteLength);
    }

    const raw = size === 0 ? 0 : exports.malloc(size + SLOT) >>> 0;
    if (size !== 0 && raw === 0) {
      placer.free();
      throw new PyaotError("MemoryError", `cannot allocate ${size} bytes for ${fn.name}()`, 7);
    }
    const base = align(raw);
    const released = [];
    let failed = false;
    try {
      let buffer = memory.buffer;
      let view = new DataView(buffer);
      new Uint8Array(buffer, base, size).fill(0);
      for (const array of arrays) {
        const bytes = new Uint8Array(array.data.buffer, array.data.byteOffset,
                                     array.data.byteLength);
        const target = new Uint8Array(buffer, base + array.offset, bytes.length);
        target.set(bytes);
        if (array.param.dtype === "bool") {
          for (let i = 0; i < target.length; i++) target[i] = target[i] ? 1 : 0; // C++ bool
        }
        writeArray(view, base + array.struct, array.param.dtype, array.shape,
                   base + array.offset);
      }
      const wasmArgs = [
        ...params.map((p) => p.value ?? base + p.struct),
        ...slots.map((slot) => base + slot),
      ];
      const status = cFunction(...wasmArgs);
      buffer = memory.buffer; // the call may have grown the memory
      for (const p of params) {
        if (!p.mutable || !isOwned(memory, p.value)) continue;
        assignBack(p.given, readValue(memory, p.value, bigint)); // what the call changed
        exports.pyaot_value_release(p.value);
      }
      if (status !== 0) {
        const type = readCString(buffer, exports.pyaot_error_type() >>> 0);
        const message = readCString(memory.buffer, exports.pyaot_error_message() >>> 0);
        throw new PyaotError(type || "Exception", message, status);
      }
      view = new DataView(buffer);
      fn.results.forEach((result, i) => {
        if (result.type === "array") released.push(base + slots[i]);
      });
      const values = fn.results.map((result, i) => {
        if (result.type === "array") return readArray(buffer, base + slots[i]);
        if (result.type !== "value") {
          return readScalar(view, base + slots[i], scalarDtype(result.type), bigint);
        }
        const value = readValue(memory, base + slots[i], bigint);
        exports.pyaot_value_release(base + slots[i]);
        return value;
      });
      for (const array of arrays) {
        if (array.param.readonly) continue;
        const bytes = new Uint8Array(buffer, base + array.offset, array.data.byteLength);
        new Uint8Array(array.data.buffer, array.data.byteOffset, bytes.length).set(bytes);
      }
      if (values.length === 0) return undefined;
      return values.length === 1 ? values[0] : values;
    } catch (error) {
      failed = true;
      throw error;
    } finally {
      try {
        for (const pointer of released) exports.pyaot_array_release(pointer);
        if (raw !== 0) exports.free(raw);
        placer.free();
      } catch (error) {
        if (!failed) throw error; // after a trap the module may fail again: keep the first
      }
    }
  };
  Object.defineProperty(call, "name", { value: fn.name.split(".").at(-1) });
  return call;
}
