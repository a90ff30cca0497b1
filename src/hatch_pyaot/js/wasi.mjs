// The few WASI preview1 functions a hatch-pyaot wasm32-wasi reactor (built by zig against
// wasi-libc) imports, for hosts that have no WASI of their own: browsers, and Node without
// its experimental `node:wasi`.
//
// A library has no files, arguments or environment: stdout and stderr go to callbacks (by
// default console.log and console.error, one call per line), stdin is empty, the clocks and
// random_get come from the host. A zig-built reactor that prints imports exactly fd_write,
// fd_close, fd_seek and fd_fdstat_get; the rest are here for runtime code that reads a clock,
// asks for random bytes, calls getenv or exits. A preview1 function not listed answers ENOSYS.
//
// The functions read and write the instance's memory through `getMemory()`, called on every
// use: the memory may grow (and its buffer change) between calls.

export const WASI_MODULE = "wasi_snapshot_preview1";

// WASI errno values (wasi_snapshot_preview1 `errno`).
export const ESUCCESS = 0;
export const EBADF = 8;
export const EINVAL = 28;
export const ENOSYS = 52;
export const ESPIPE = 70;

const FILETYPE_CHARACTER_DEVICE = 2;
const RIGHTS_FD_READ = 1n << 1n;
const RIGHTS_FD_WRITE = 1n << 6n;
const CLOCK_REALTIME = 0;
const CLOCK_MONOTONIC = 1;
const RANDOM_CHUNK = 65536; // crypto.getRandomValues fills at most 64 KiB at a time

/** Thrown by proc_exit: a library that calls exit() stops the call that did. */
export class WasiExit extends Error {
  constructor(code) {
    super(`the WebAssembly module exited with status ${code}`);
    this.name = "WasiExit";
    this.code = code;
  }
}

/** Splits a byte stream into lines for `sink`; keeps a partial last line until it ends. */
class LineWriter {
  constructor(sink) {
    this.sink = sink;
    this.decoder = new TextDecoder();
    this.pending = "";
  }

  write(bytes) {
    const text = this.pending + this.decoder.decode(bytes, { stream: true });
    const lines = text.split("\n");
    this.pending = lines.pop();
    for (const line of lines) this.sink(line);
  }

  flush() {
    const rest = this.pending + this.decoder.decode();
    this.pending = "";
    if (rest) this.sink(rest);
  }
}

/** The crypto.getRandomValues of this host: globalThis.crypto (browsers, Node >= 19) or
 * node:crypto's webcrypto (Node 18, where it is not a global); undefined when there is none
 * (random_get then answers ENOSYS). */
export async function findGetRandomValues() {
  const global = globalThis.crypto;
  if (global && typeof global.getRandomValues === "function") {
    return (array) => global.getRandomValues(array);
  }
  const specifier = "node:crypto"; // a variable: bundlers for browsers leave it alone
  try {
    const { webcrypto } = await import(/* webpackIgnore: true */ /* @vite-ignore */ specifier);
    return (array) => webcrypto.getRandomValues(array);
  } catch {
    return undefined;
  }
}

/**
 * The import object's functions for the WASI module: { fd_write, ..., flush }.
 *
 * options.stdout, options.stderr: called with each line written to fd 1 and fd 2 (without
 *   the newline); default console.log and console.error.
 * options.getRandomValues: crypto.getRandomValues (findGetRandomValues() finds it).
 * `flush()` (not a WASI function) hands the unfinished last lines to the callbacks.
 */
export function wasiFunctions(getMemory, options = {}) {
  const out = new LineWriter(options.stdout ?? ((line) => console.log(line)));
  const err = new LineWriter(options.stderr ?? ((line) => console.error(line)));
  const writers = { 1: out, 2: err };
  const getRandomValues = options.getRandomValues;
  const view = () => new DataView(getMemory().buffer);
  const bytes = (pointer, length) => new Uint8Array(getMemory().buffer, pointer, length);
  const isStdio = (fd) => fd >= 0 && fd <= 2;
  const start = performance.now();

  /** Writes no strings: sets the count and the total byte size to 0. */
  const noStrings = (countPointer, sizePointer) => {
    const memory = view();
    memory.setUint32(countPointer, 0, true);
    memory.setUint32(sizePointer, 0, true);
    return ESUCCESS;
  };

  return {
    fd_write(fd, iovs, iovsLength, writtenPointer) {
      const writer = writers[fd];
      if (writer === undefined) return EBADF;
      let written = 0;
      for (let i = 0; i < iovsLength; i++) {
        const memory = view();
        const pointer = memory.getUint32(iovs + 8 * i, true);
        const length = memory.getUint32(iovs + 8 * i + 4, true);
        writer.write(bytes(pointer, length).slice());
        written += length;
      }
      view().setUint32(writtenPointer, written, true);
      return ESUCCESS;
    },

    fd_read(fd, iovs, iovsLength, readPointer) {
      if (fd !== 0) return EBADF;
      view().setUint32(readPointer, 0, true); // stdin is empty
      return ESUCCESS;
    },

    fd_close(fd) {
      return isStdio(fd) ? ESUCCESS : EBADF;
    },

    fd_seek(fd, offset, whence, positionPointer) {
      return isStdio(fd) ? ESPIPE : EBADF;
    },

    // A character device that cannot seek: wasi-libc's isatty() says yes, so stdout is line
    // buffered and each printed line arrives without an fflush.
    fd_fdstat_get(fd, statPointer) {
      if (!isStdio(fd)) return EBADF;
      const memory = view();
      memory.setUint8(statPointer, FILETYPE_CHARACTER_DEVICE);
      memory.setUint16(statPointer + 2, 0, true);
      memory.setBigUint64(statPointer + 8, fd === 0 ? RIGHTS_FD_READ : RIGHTS_FD_WRITE, true);
      memory.setBigUint64(statPointer + 16, 0n, true);
      return ESUCCESS;
    },

    fd_prestat_get() {
      return EBADF; // no preopened folders: ends wasi-libc's scan at fd 3
    },

    environ_sizes_get: noStrings,
    environ_get: () => ESUCCESS,
    args_sizes_get: noStrings,
    args_get: () => ESUCCESS,

    clock_res_get(id, resolutionPointer) {
      if (id !== CLOCK_REALTIME && id !== CLOCK_MONOTONIC) return EINVAL;
      view().setBigUint64(resolutionPointer, id === CLOCK_REALTIME ? 1_000_000n : 1_000n, true);
      return ESUCCESS;
    },

    clock_time_get(id, precision, timePointer) {
      let nanoseconds;
      if (id === CLOCK_REALTIME) {
        nanoseconds = BigInt(Date.now()) * 1_000_000n;
      } else if (id === CLOCK_MONOTONIC) {
        nanoseconds = BigInt(Math.round((performance.now() - start) * 1e6));
      } else {
        return EINVAL;
      }
      view().setBigUint64(timePointer, nanoseconds, true);
      return ESUCCESS;
    },

    random_get(pointer, length) {
      if (getRandomValues === undefined) return ENOSYS;
      for (let offset = 0; offset < length; offset += RANDOM_CHUNK) {
        getRandomValues(bytes(pointer + offset, Math.min(RANDOM_CHUNK, length - offset)));
      }
      return ESUCCESS;
    },

    sched_yield: () => ESUCCESS,

    proc_exit(code) {
      throw new WasiExit(code);
    },

    flush() {
      out.flush();
      err.flush();
    },
  };
}

/**
 * The imports of `module` (a WebAssembly.Module): every WASI function it imports from the
 * shim, ENOSYS for a WASI function the shim does not have. Any other import is an error
 * (a hatch-pyaot reactor imports only WASI).
 */
export function moduleImports(module, functions) {
  const wasi = {};
  for (const entry of WebAssembly.Module.imports(module)) {
    if (entry.module !== WASI_MODULE || entry.kind !== "function") {
      throw new Error(`the module imports ${entry.kind} ${entry.module}.${entry.name}, ` +
                      "which a hatch-pyaot library never does (only WASI preview1 functions)");
    }
    const known = Object.hasOwn(functions, entry.name) && entry.name !== "flush";
    wasi[entry.name] = known ? functions[entry.name] : () => ENOSYS;
  }
  return { [WASI_MODULE]: wasi };
}
