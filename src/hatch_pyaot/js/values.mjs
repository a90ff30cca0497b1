// Python values (str, bytes, complex, list, tuple, dict, set, frozenset, T | None, enum
// members, objects) as pyaot_value trees in a wasm32 module's memory (docs/c-abi.md, Values),
// for pyaot.mjs. A parameter's manifest entry is {"type": "value", "value": DESCRIPTION,
// "mutable": true?}, DESCRIPTION being "int", "float", "bool", "str", "bytes", "complex",
// "None", {"list": D}, {"tuple": [D, ...]}, {"set": D}, {"frozenset": D}, {"dict": [K, V]},
// {"optional": D}, {"enum": [NAME, [VALUE, ...]]}, {"object": [CLASS, [[FIELD, D], ...]]}
// (a class met again inside itself: {"object": CLASS}) or {"union": [D, ...]} (the member
// the JavaScript value is: a boolean a bool, an integer an int (else a float), a string a
// str, an Array a list or tuple, a Set a set, a Map a dict).
//
// JavaScript values in: int a Number (an integer) or BigInt; float a Number; bool a boolean;
// str a string (UTF-8 in memory; a lone surrogate becomes U+FFFD, as TextEncoder writes it);
// None null or undefined; list and tuple an Array (a tuple of its length); set and frozenset a
// Set or an Array; dict a Map, or a plain object for str keys (an object's keys are strings:
// for int keys, a Map); bytes a Uint8Array (or an Array of byte values); complex an object
// { real, imag } (or a Number); an enum member its value (the library checks it is one);
// an object of a class a plain object of its fields (a field with a default may be left
// out). Out: Numbers (BigInts past 2**53, or always with { bigint: true }), booleans,
// strings, null, Arrays for lists and tuples, Sets, Maps for dicts (a Map keeps int keys and
// insertion order; an object would do neither), Uint8Arrays for bytes, { real, imag } for
// complex, values for enum members and plain objects for objects.
//
// A mutable argument (a list, dict or set, or one holding them) that the call changed is
// written back into the caller's Array, Map, Set or object, so that the change shows as in
// Python (xs.append(4) grows the caller's Array), also when the call throws; an object's
// changed fields are written into the caller's object (and the objects it holds) in place.
//
// struct pyaot_value on wasm32 (24 bytes, 8-aligned):
//   0 int32 kind | 4 int32 owned | 8 int64 len | 16 int64 i, double f, or a 4-byte pointer

export const VALUE_SIZE = 24;
const KIND = { None: 0, int: 1, float: 2, bool: 3, str: 4, list: 5, tuple: 6, dict: 7, set: 8,
  frozenset: 9, bytes: 10, complex: 11, object: 12 };
const SCALARS = new Set(["int", "float", "bool", "str", "None", "bytes", "complex"]);
const CLASSES = new Map();  // a class's fields by its name, for {"object": NAME}
const WRAPPERS = new Set(["list", "set", "frozenset", "optional"]);

/** Whether `d` is a value description (the manifest's "value"); throws what is wrong. */
export function checkDescription(d, where) {
  if (typeof d === "string") {
    if (!SCALARS.has(d)) throw new TypeError(`manifest: ${where}: unknown value type ${d}`);
    return;
  }
  const keys = d !== null && typeof d === "object" ? Object.keys(d) : [];
  if (keys.length !== 1) throw new TypeError(`manifest: ${where}: a value type has one key`);
  const [key] = keys;
  if (WRAPPERS.has(key)) {
    checkDescription(d[key], where);
  } else if (key === "union" && Array.isArray(d.union)) {
    d.union.forEach((item) => checkDescription(item, where));
  } else if (key === "enum" && Array.isArray(d.enum) && Array.isArray(d.enum[1])) {
    return;
  } else if (key === "object" && typeof d.object === "string") {
    return;  // a class described further out
  } else if (key === "object" && Array.isArray(d.object) && Array.isArray(d.object[1])) {
    CLASSES.set(d.object[0], d.object[1]);
    d.object[1].forEach(([, item]) => checkDescription(item, where));
  } else if ((key === "tuple" || key === "dict") && Array.isArray(d[key]) &&
             (key === "tuple" || d[key].length === 2)) {
    d[key].forEach((item) => checkDescription(item, where));
  } else {
    throw new TypeError(`manifest: ${where}: unknown value type ${JSON.stringify(d)}`);
  }
}

function typeName(d) {
  if (typeof d === "string") return d;
  const [key] = Object.keys(d);
  if (key === "optional") return `${typeName(d.optional)} | None`;
  if (key === "union") return d.union.map(typeName).join(" | ");
  if (key === "enum") return d.enum[0];
  if (key === "object") return className(d).split(".").pop();
  const items = key === "tuple" || key === "dict" ? d[key] : [d[key]];
  return `${key}[${items.map(typeName).join(", ")}]`;
}

function shown(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an Array";
  if (value instanceof Map) return "a Map";
  if (value instanceof Set) return "a Set";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

function className(d) {
  return typeof d.object === "string" ? d.object : d.object[0];
}

function fieldsOf(d) {
  return typeof d.object === "string" ? CLASSES.get(d.object) : d.object[1];
}

function isPlainObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value) &&
    !(value instanceof Map) && !(value instanceof Set) && !ArrayBuffer.isView(value);
}

/** Places JS values as pyaot_value nodes through the module's malloc; free() frees them. */
export class Placer {
  constructor(exports) {
    this.exports = exports;
    this.blocks = [];
  }

  alloc(size) {
    const pointer = this.exports.malloc(Math.max(size, 1)) >>> 0;
    if (pointer === 0) throw new RangeError(`cannot allocate ${size} bytes`);
    this.blocks.push(pointer);
    return pointer;
  }

  /** A new node holding `value`, of description `d`; `where` names it in errors. */
  node(value, d, where) {
    const pointer = this.alloc(VALUE_SIZE);
    this.put(pointer, value, d, where);
    return pointer;
  }

  put(pointer, value, d, where, named = d) {
    const wrong = () => new TypeError(`${where} must be ${typeName(named)}, not ${shown(value)}`);
    let kind;
    let len = 0;
    let payload = (view, at) => view.setBigInt64(at, 0n, true);
    if (typeof d === "object" && d.optional !== undefined) {
      if (value === null || value === undefined) return this.write(pointer, KIND.None, 0, payload);
      return this.put(pointer, value, d.optional, where, d);
    }
    if (typeof d === "object" && d.union !== undefined) {
      const member = unionMember(d.union, value);
      if (member === undefined) throw wrong();
      return this.put(pointer, value, member, where, d);
    }
    if (typeof d === "object" && d.enum !== undefined) {  // its value; the library checks it
      const str = typeof d.enum[1][0] === "string";
      if (str ? typeof value !== "string" : typeof value !== "number" && typeof value !== "bigint") {
        throw wrong();
      }
      return this.put(pointer, value, str ? "str" : "int", where, d);
    }
    if (d === "complex") {
      if (typeof value === "number" || typeof value === "bigint") value = { real: value, imag: 0 };
      if (!isPlainObject(value)) throw wrong();
      const parts = [[value.real, "float", `${where}.real`], [value.imag, "float", `${where}.imag`]];
      return this.block(pointer, KIND.complex, 2, parts);
    }
    if (d === "bytes") {
      if (!(value instanceof Uint8Array) && !Array.isArray(value)) throw wrong();
      const data = Uint8Array.from(value);
      if (Array.isArray(value) && value.some((b, i) => b !== data[i])) {
        throw new RangeError(`${where}: bytes must be in range(0, 256)`);
      }
      const at = this.alloc(data.length);
      new Uint8Array(this.exports.memory.buffer, at, data.length).set(data);
      return this.write(pointer, KIND.bytes, data.length, (view, p) => view.setUint32(p, at, true));
    }
    if (typeof d === "object" && d.object !== undefined) {
      if (!isPlainObject(value)) throw wrong();
      const fields = new Map(fieldsOf(d));
      const cls = typeName(d);
      const items = [];
      for (const [name, item] of Object.entries(value)) {
        if (!fields.has(name)) throw new TypeError(`${where}: ${cls}() got an unexpected field '${name}'`);
        items.push([name, "str", where], [item, fields.get(name), `${where}.${name}`]);
      }
      return this.block(pointer, KIND.object, items.length / 2, items);
    }
    if (d === "None") {
      if (value !== null && value !== undefined) throw wrong();
      kind = KIND.None;
    } else if (d === "int" || d === "bool") {
      if (d === "bool" ? typeof value !== "boolean"
        : !(typeof value === "bigint" || Number.isInteger(value) || typeof value === "boolean")) {
        throw wrong();
      }
      const big = BigInt.asIntN(64, BigInt(typeof value === "boolean" ? Number(value) : value));
      if (typeof value === "bigint" && big !== value) {
        throw new RangeError(`${where} does not fit in the compiled int (64-bit)`);
      }
      kind = d === "bool" ? KIND.bool : KIND.int;
      payload = (view, at) => view.setBigInt64(at, big, true);
    } else if (d === "float") {
      if (typeof value !== "number" && typeof value !== "bigint") throw wrong();
      kind = KIND.float;
      payload = (view, at) => view.setFloat64(at, Number(value), true);
    } else if (d === "str") {
      if (typeof value !== "string") throw wrong();
      const bytes = new TextEncoder().encode(value);
      const text = this.alloc(bytes.length);
      new Uint8Array(this.exports.memory.buffer, text, bytes.length).set(bytes);
      kind = KIND.str;
      len = bytes.length;
      payload = (view, at) => view.setUint32(at, text, true);
    } else {
      const [key] = Object.keys(d);
      const items = this.items(value, d, key, where, wrong);
      return this.block(pointer, KIND[key], key === "dict" ? items.length / 2 : items.length,
                        items);
    }
    this.write(pointer, kind, len, payload);
  }

  /** A container node of `len` whose items are [value, description, where]. */
  block(pointer, kind, len, items) {
    const block = this.alloc(VALUE_SIZE * items.length);
    items.forEach(([item, itemD, itemWhere], i) => this.put(block + VALUE_SIZE * i, item, itemD,
                                                            itemWhere));
    this.write(pointer, kind, len, (view, at) => view.setUint32(at, block, true));
  }

  /** A container's items as [value, description, where] (a dict's: key, value, ...). */
  items(value, d, key, where, wrong) {
    if (key === "list" || key === "tuple") {
      if (!Array.isArray(value)) throw wrong();
      if (key === "tuple" && value.length !== d.tuple.length) {
        throw new TypeError(`${where} must be a tuple of ${d.tuple.length} items, not ${value.length}`);
      }
      return value.map((item, i) => [item, key === "list" ? d.list : d.tuple[i], `${where}[${i}]`]);
    }
    if (key === "set" || key === "frozenset") {
      if (!(value instanceof Set) && !Array.isArray(value)) throw wrong();
      return [...value].map((item, i) => [item, d[key], `${where} item ${i}`]);
    }
    let entries;
    if (value instanceof Map) {
      entries = [...value.entries()];
    } else if (value !== null && typeof value === "object" && !Array.isArray(value) &&
               !(value instanceof Set)) {
      entries = Object.entries(value);
    } else {
      throw wrong();
    }
    return entries.flatMap(([k, v]) => [[k, d.dict[0], `${where} key ${JSON.stringify(String(k))}`],
                                        [v, d.dict[1], `${where}[${JSON.stringify(String(k))}]`]]);
  }

  write(pointer, kind, len, payload) {
    const view = new DataView(this.exports.memory.buffer);  // after any malloc that grew it
    view.setInt32(pointer, kind, true);
    view.setInt32(pointer + 4, 0, true);
    view.setBigInt64(pointer + 8, BigInt(len), true);
    payload(view, pointer + 16);
  }

  free() {
    for (const pointer of this.blocks) this.exports.free(pointer);
    this.blocks = [];
  }
}

/** The JS value of the node at `pointer`. */
export function readValue(memory, pointer, bigint) {
  const view = new DataView(memory.buffer);
  const kind = view.getInt32(pointer, true);
  const len = Number(view.getBigInt64(pointer + 8, true));
  const at = pointer + 16;
  switch (kind) {
    case KIND.None: return null;
    case KIND.int: {
      const v = view.getBigInt64(at, true);
      return !bigint && v >= -(2n ** 53n) + 1n && v <= 2n ** 53n - 1n ? Number(v) : v;
    }
    case KIND.float: return view.getFloat64(at, true);
    case KIND.bool: return view.getBigInt64(at, true) !== 0n;
    case KIND.str:
      return new TextDecoder().decode(new Uint8Array(memory.buffer, view.getUint32(at, true), len));
    case KIND.bytes: return new Uint8Array(memory.buffer, view.getUint32(at, true), len).slice();
    default: {
      const base = view.getUint32(at, true);
      const count = kind === KIND.dict || kind === KIND.object ? 2 * len : len;
      const items = [];
      for (let i = 0; i < count; i++) items.push(readValue(memory, base + VALUE_SIZE * i, bigint));
      if (kind === KIND.dict) {
        const map = new Map();
        for (let i = 0; i < count; i += 2) map.set(items[i], items[i + 1]);
        return map;
      }
      if (kind === KIND.complex) return { real: items[0], imag: items[1] };
      if (kind === KIND.object) {
        const object = {};
        for (let i = 0; i < count; i += 2) object[items[i]] = items[i + 1];
        return object;
      }
      return kind === KIND.set || kind === KIND.frozenset ? new Set(items) : items;
    }
  }
}

/** The member of a union description that a JavaScript value is stored as, or undefined. */
function unionMember(members, value) {
  const keyed = (...keys) => members.find((m) => typeof m === "object" && keys.includes(Object.keys(m)[0])
    && (Object.keys(m)[0] !== "tuple" || m.tuple.length === value.length));
  if (typeof value === "boolean") return members.find((m) => m === "bool");
  if (typeof value === "bigint" || Number.isInteger(value)) {
    return members.find((m) => m === "int") ?? members.find((m) => m === "float");
  }
  if (typeof value === "number") return members.find((m) => m === "float");
  if (typeof value === "string") return members.find((m) => m === "str");
  if (Array.isArray(value)) return keyed("list") ?? keyed("tuple", "set", "frozenset");
  if (value instanceof Set) return keyed("set", "frozenset");
  if (value instanceof Map) return keyed("dict");
  return undefined;
}

/** Whether the runtime replaced the node (a mutable argument the call changed). */
export function isOwned(memory, pointer) {
  return new DataView(memory.buffer).getInt32(pointer + 4, true) !== 0;
}

/** The caller's container takes what the call left in it; its objects (plain objects that
 * come back as objects) keep their identity and take their new fields in place. */
export function assignBack(target, value) {
  if (Array.isArray(target)) {
    const kept = target.map((item, i) => isPlainObject(item) && isPlainObject(value[i]));
    value.forEach((item, i) => { if (kept[i]) assignBack(target[i], item); });
    const items = value.map((item, i) => (kept[i] ? target[i] : item));
    target.length = 0;
    for (const item of items) target.push(item);  // not push(...value): a long list
  } else if (target instanceof Map || target instanceof Set) {
    target.clear();
    if (target instanceof Map) for (const [k, v] of value) target.set(k, v);
    else for (const item of value) target.add(item);
  } else if (target !== null && typeof target === "object") {
    const entries = value instanceof Map ? [...value] : Object.entries(value);
    const old = { ...target };
    for (const key of Object.keys(target)) delete target[key];
    for (const [k, v] of entries) {
      target[k] = isPlainObject(old[k]) && isPlainObject(v) ? (assignBack(old[k], v), old[k]) : v;
    }
  }
}
