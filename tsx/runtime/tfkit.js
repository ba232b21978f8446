// The tfkit runtime for TSX configurations: the components, useRef, the tf
// helpers and the JSX runtime functions, plus __render, which calls the
// components and flattens the element tree into a list of primitive nodes
// in declaration order. The Go side reads that list (and the props in it)
// directly and converts it into the configuration model; values are checked
// there, not here, because goja runs JavaScript far slower than Go.
//
// It runs inside the binary (goja) and must also run unchanged under node
// (for comparisons, where the result is serialized with JSON.stringify): it
// uses no host API except the optional globalThis.__tfkitHost, whose site()
// remembers where useRef was called. Keep regular expressions and extra
// Proxies off the paths that run once per element: goja is slow at both.

// MARK is the first key of the objects that stand for expressions in the
// serialized output. Placeholders in strings are delimited by U+E000 and
// U+E001, private-use characters no configuration has a reason to contain.
// (The mark is ASCII so that the output, and goja's strings, stay ASCII.)
const MARK = "$$tfkit";
const PH_OPEN = "\uE000";
const PH_CLOSE = "\uE001";

// EXPR is the key under which expression objects (refs and tf helpers) keep
// their serialized form.
const EXPR = Symbol("tfkit.expr");

// ---------------------------------------------------------------------------
// Errors

// TfkitError is a mistake found by the runtime itself; render reports it as a
// diagnostic at the element being rendered, without a JS stack.
class TfkitError extends Error {
  constructor(summary, detail, hint) {
    super(detail ? `${summary}: ${detail}` : summary);
    this.name = "TfkitError";
    this.summary = summary;
    this.detail = detail || "";
    this.hint = hint || "";
  }
}

// ---------------------------------------------------------------------------
// Components

const KIND = "$$tfkitComponent";

function primitive(kind) {
  const f = function () {
    throw new TfkitError(
      "Element called as a function",
      `<${kind}> is a tfkit element, not a function to call.`,
      `write it as JSX: <${kind} ... />`,
    );
  };
  f[KIND] = kind;
  return f;
}

export const Resource = primitive("Resource");
export const DataSource = primitive("DataSource");
export const Output = primitive("Output");
export const Provider = primitive("Provider");
export const Variable = primitive("Variable");
export const Locals = primitive("Locals");
export const Terraform = primitive("Terraform");
export const Module = primitive("Module");
export const Moved = primitive("Moved");
export const Import = primitive("Import");
export const Removed = primitive("Removed");
export const Check = primitive("Check");
export const Ephemeral = primitive("Ephemeral");

// Fragment groups children without producing anything.
export const Fragment = primitive("Fragment");

// <Aspects visit={fn or [fn, ...]}>...</Aspects> adds aspects that visit the
// elements rendered inside it (see runAspects); it renders nothing itself.
export const Aspects = primitive("Aspects");

const elementNames = ["Resource", "DataSource", "Output", "Provider", "Variable", "Locals", "Terraform", "Module", "Moved", "Import", "Removed", "Check", "Ephemeral", "Fragment", "Aspects"];

// elementTypeHint: JSX makes <resource> (a lower-case name) the string
// "resource", so a misspelt element reaches the runtime as a string; name
// the element it stands for.
function elementTypeHint(t) {
  if (typeof t === "string") {
    const lower = t.toLowerCase().replace(/[_-]/g, "");
    const name = elementNames.find((n) => n.toLowerCase() === lower);
    if (name) return `write <${name}> and import it from "tfkit": a JSX name that starts with a lower-case letter is a string, not a component`;
    return `a JSX name that starts with a lower-case letter is a string, not a component: write a component (such as <Resource>, imported from "tfkit") or a function of your own, whose name starts with a capital letter`;
  }
  return "check the import: components come from \"tfkit\" or are functions of your own";
}

// labelProps are the props that are labels rather than attributes, the only
// ones an element with an innerText body accepts (Variable's type is its type
// constraint, allowed beside the text as the design document says).
const labelProps = {
  Resource: ["type", "name"],
  DataSource: ["type", "name"],
  Provider: ["type"],
  Variable: ["name", "type"],
  Output: ["name"],
  Module: ["name"],
  Locals: [],
  Terraform: [],
  Moved: [],
  Import: [],
  Removed: [],
  Check: ["name"],
  Ephemeral: ["type", "name"],
};

// ---------------------------------------------------------------------------
// JSX runtime

// Element is the type of JSX elements (node instanceof Element); they are
// made by element(), below, as object literals on its prototype.
function Element() {}

// A property an element does not have is read through the prototype
// below, which refuses it: such a read (region.value of a <Variable>,
// bucket.arn of a <Resource>) is a reference written on the element, not
// on a ref, and its undefined would drop the attribute built from it
// without a word. What libraries and the language probe (then, toJSON,
// symbols, Object.prototype's methods) reads as before.
Object.setPrototypeOf(
  Element.prototype,
  new Proxy(Object.prototype, {
    get(target, key, receiver) {
      if (typeof key !== "string" || key in target || key === MARK || key === "key" || key === "ref" || probedElementNames.has(key)) {
        return Reflect.get(target, key, receiver);
      }
      throw elementPropertyError(receiver, key);
    },
  }),
);

// element makes an Element. Its properties are written as an object
// literal's, which defines them on the object itself: assignments in a
// constructor would pass each through the prototype's proxy above, at a
// cost on every element.
function element(type, props, source) {
  return { __proto__: Element.prototype, type, props, source };
}

function elementPropertyError(el, key) {
  const t = el && el.type;
  const kind = typeof t === "function" ? t[KIND] || t.name || "component" : String(t);
  const props = (el && el.props) || {};
  const labels = (kind === "Variable" ? ["name"] : labelProps[kind] || []).filter((l) => typeof props[l] === "string").map((l) => `${l}=${JSON.stringify(props[l])}`);
  const tag = `<${[kind].concat(labels).join(" ")}>`;
  let hint = "read attributes from a ref bound to the element: const r = useRef(); <... ref={r} />, then r." + key;
  if (kind === "Variable") {
    hint = `bind a ref and use it as the value: const r = useRef(); <Variable ref={r} ... />, then r stands for var.${props.name || "name"}`;
  } else if (kind === "Locals") {
    hint = `bind a ref and read the local from it: const r = useRef(); <Locals ref={r} ... />, then r.${key} stands for local.${key}`;
  } else if (!labelProps[kind]) {
    hint = "a component's element renders what the component returns; to read something from it, pass a ref in as a prop and bind it inside";
  }
  return new TfkitError(
    "Property of an element read",
    `${tag} has no property ${JSON.stringify(key)}: a JSX element declares a block, it is not a reference to it, so reading a property from it gives undefined.`,
    hint,
  );
}

function withKey(props, key) {
  // The automatic runtime passes key apart from the other props; in tfkit it
  // is an ordinary attribute (AWS resources have attributes named key).
  if (key !== undefined) {
    props.key = key;
    props[KEY_LAST] = true;
  }
  return props;
}

// KEY_LAST marks props whose key was moved to the end by withKey, so that the
// Go side can put it back where it was written.
const KEY_LAST = Symbol("tfkit.keyLast");

export function jsx(type, props, key) {
  return element(type, withKey(props, key), null);
}

export const jsxs = jsx;

export function jsxDEV(type, props, key, isStaticChildren, source) {
  if (isStaticChildren && Array.isArray(props.children)) staticChildren.add(props.children);
  return element(type, withKey(props, key), source);
}

// staticChildren are the children arrays written out in JSX (<>{a}{b}</>);
// any other array among children is a list built by code (.map(...)),
// where React habit adds key={...}.
const staticChildren = new WeakSet();

// createElement is what esbuild calls when a key follows a spread
// (<Resource {...p} key="k" />); key then stays among the props in order.
export function createElement(type, config, ...children) {
  const props = {};
  if (config != null) {
    const keys = Object.keys(config);
    for (let i = 0; i < keys.length; i++) props[keys[i]] = config[keys[i]];
  }
  if (children.length === 1) props.children = children[0];
  else if (children.length > 1) props.children = children;
  return element(type, props, null);
}

// ---------------------------------------------------------------------------
// Hooks

let refCount = 0;
let refSites = [];

function callerSite() {
  const host = globalThis.__tfkitHost;
  return host && host.site ? host.site() : null;
}

// useRef returns a ref: bind it to an element with ref={...}, then read
// attributes from it (vpcRef.id) to get references (aws_vpc.main.id).
export function useRef(initial) {
  if (initial !== undefined && initial !== null) {
    throw new TfkitError(
      "Invalid useRef call",
      "useRef takes no initial value in tfkit: a ref stands for the element it is bound to.",
      "call useRef() and bind the ref with ref={...} on an element",
    );
  }
  const id = refCount++;
  refSites.push(callerSite());
  return refProxy({ [MARK]: "ref", r: id, p: [] });
}

// unsupported is an export of React's that tfkit has only to say why not,
// and what to write instead.
function unsupported(name, why, instead) {
  const f = function () {
    throw new TfkitError(`${name} is not supported`, `A TSX configuration is rendered once, at build time: ${why}`, instead);
  };
  // Named for where it is used as a component (<Suspense>).
  Object.defineProperty(f, "name", { value: name });
  return f;
}

function unsupportedHook(name) {
  return unsupported(
    name,
    "there is no state to update, no effect to run, no context to provide and nothing to memoize. Of React's hooks, tfkit has only useRef.",
    "use plain variables, props and useRef",
  );
}

// Each is pure: a bundle keeps only those it imports.
export const useState = /* @__PURE__ */ unsupportedHook("useState");
export const useEffect = /* @__PURE__ */ unsupportedHook("useEffect");
export const useLayoutEffect = /* @__PURE__ */ unsupportedHook("useLayoutEffect");
export const useInsertionEffect = /* @__PURE__ */ unsupportedHook("useInsertionEffect");
export const useMemo = /* @__PURE__ */ unsupportedHook("useMemo");
export const useCallback = /* @__PURE__ */ unsupportedHook("useCallback");
export const useContext = /* @__PURE__ */ unsupportedHook("useContext");
export const useReducer = /* @__PURE__ */ unsupportedHook("useReducer");
export const useImperativeHandle = /* @__PURE__ */ unsupportedHook("useImperativeHandle");
export const useId = /* @__PURE__ */ unsupportedHook("useId");
export const useTransition = /* @__PURE__ */ unsupportedHook("useTransition");
export const useDeferredValue = /* @__PURE__ */ unsupportedHook("useDeferredValue");
export const useSyncExternalStore = /* @__PURE__ */ unsupportedHook("useSyncExternalStore");
export const createContext = /* @__PURE__ */ unsupportedHook("createContext");
export const forwardRef = /* @__PURE__ */ unsupportedHook("forwardRef");
export const use = /* @__PURE__ */ unsupportedHook("use");
export const useActionState = /* @__PURE__ */ unsupportedHook("useActionState");
export const useOptimistic = /* @__PURE__ */ unsupportedHook("useOptimistic");

// React's other APIs, which a configuration rendered once has no use for.
export const memo = /* @__PURE__ */ unsupported("memo", "nothing is rendered again, so there is nothing to memoize.", "define the component without memo: function Bucket(props) { ... }");
export const Suspense = /* @__PURE__ */ unsupported("Suspense", "components are synchronous, so there is nothing to wait for.", "render the children directly, in a fragment (<>...</>) if there are several");
export const lazy = /* @__PURE__ */ unsupported("lazy", "modules are bundled before the configuration runs, and none is loaded later.", "import the component statically: import { Network } from \"./network\"");
export const createPortal = /* @__PURE__ */ unsupported("createPortal", "there is one configuration and no other place to render into.", "render the elements where they belong: what any component renders is written to main.tf");
export const cloneElement = /* @__PURE__ */ unsupported("cloneElement", "an element is rendered from its component and props once.", "render the component again with the props you want: <Bucket {...props} name=\"other\" />");
const childrenAPI = (m) => unsupported(`Children.${m}`, "children are plain values: an element, a string, a function or an array of them.", "read props.children directly, as an array with [props.children].flat()");
export const Children = {
  map: /* @__PURE__ */ childrenAPI("map"),
  forEach: /* @__PURE__ */ childrenAPI("forEach"),
  count: /* @__PURE__ */ childrenAPI("count"),
  only: /* @__PURE__ */ childrenAPI("only"),
  toArray: /* @__PURE__ */ childrenAPI("toArray"),
};

// ---------------------------------------------------------------------------
// Expressions: refs and tf helpers

// Placeholders stand for expressions inside strings (template literals):
// U+E000 index U+E001, where index points into the placeholder table sent
// to Go. In attribute strings they become interpolations, in innerText bare
// expressions.
let placeholders = [];

function placeholder(m) {
  placeholders.push(m);
  return PH_OPEN + (placeholders.length - 1) + PH_CLOSE;
}

// rendered is set when __render returns. JSON.stringify in the
// configuration (a policy document holding refs) writes an expression as
// its placeholder, so that the JSON text interpolates it as a template
// literal would; the JSON.stringify of the whole output that runs after
// the render (under node) writes its serialized form.
let rendered = false;

function jsonForm(m) {
  return rendered ? m : placeholder(m);
}

const refHandler = {
  get(target, prop) {
    if (typeof prop === "symbol") {
      if (prop === EXPR) return target;
      if (prop === Symbol.toPrimitive) return (hint) => (hint === "number" ? refMisuse("number") : placeholder(target));
      return undefined;
    }
    switch (prop) {
      case "toString":
      case "valueOf":
        return () => placeholder(target);
      case "toJSON":
        return () => jsonForm(target);
      case "then":
      case "$$typeof":
      case KIND:
        return undefined;
    }
    return refProxy({ [MARK]: "ref", r: target.r, p: target.p.concat(prop) });
  },
  set() {
    throw new TfkitError(
      "Ref is read-only",
      "A ref's attributes are Terraform references, read when the configuration is written; they cannot be assigned.",
      "bind a ref with ref={...} on an element",
    );
  },
};

// refMisuse throws the error for what JavaScript cannot do with a ref or
// a tf helper: a ref's value is known only when Terraform runs, so
// JavaScript has no number to compute with (-ref would be NaN, ref > 0
// always false) and no keys to list (Object.keys, {...ref} and for...in
// would list tfkit's own fields).
function refMisuse(what) {
  if (what === "number") {
    throw new TfkitError(
      "Ref used as a number",
      "A ref or tf helper stands for a Terraform expression whose value is known only when Terraform runs; JavaScript arithmetic or a comparison on it (-ref, ref * 2, Number(ref), ref > 0) has no number to work with and would give NaN or false.",
      "let Terraform compute it, with the ref in tf.raw's text: tf.raw(`${ref.size} > 1 ? 1 : 0`), tf.raw(`${ref.port} + 1`) (in JavaScript, ref + 1 joins text, \"${...}1\")",
    );
  }
  throw new TfkitError(
    "Keys of a ref listed",
    "A ref or tf helper stands for a Terraform expression whose value is known only when Terraform runs; JavaScript cannot list its keys (Object.keys, Object.entries, {...ref}, for...in) and would list tfkit's own fields instead.",
    "read the attributes by name (ref.tags.Name), pass the ref itself as the value (tags={ref.tags}), or let Terraform do it: tf.fn(\"keys\", ref.tags), tf.fn(\"merge\", ref.tags, { extra: \"x\" })",
  );
}

function refProxy(m) {
  return nativeRefProxy ? nativeRefProxy(m) : new Proxy(m, refHandler);
}

// TfExpr is a Terraform expression made by a tf helper: its own properties
// are its serialized form ($$tfkit names the kind), its methods make it
// usable in template literals.
class TfExpr {
  constructor(kind, fields) {
    this[MARK] = kind;
    Object.assign(this, fields);
  }
  toString() {
    return placeholder(this);
  }
  [Symbol.toPrimitive](hint) {
    return hint === "number" ? refMisuse("number") : placeholder(this);
  }
  toJSON() {
    return jsonForm(this);
  }
}

function checkName(helper, name) {
  if (typeof name !== "string" || name === "") {
    throw new TfkitError(`Invalid tf.${helper} call`, `tf.${helper} needs a name, a non-empty string.`, `write tf.${helper}("name")`);
  }
}

function checkPath(helper, path) {
  for (const p of path) {
    if (typeof p !== "string" && typeof p !== "number") {
      throw new TfkitError(`Invalid tf.${helper} call`, "The path steps after the name are strings or numbers.", "");
    }
  }
}

// pathHandler lets a variable or local value be read like a ref:
// tf.var("names")[0] is var.names[0] and tf.local("tags").Name is
// local.tags.Name, where a plain object would give undefined and the
// attribute would silently be left out. Its own fields and methods read
// as they are (tfkit reads the target itself, never through the proxy).
const pathHandler = {
  get(target, prop, receiver) {
    if (typeof prop === "symbol" || prop in target) return Reflect.get(target, prop, receiver);
    switch (prop) {
      case "then":
      case "$$typeof":
      case KIND:
        return undefined;
    }
    return pathExpr(target[MARK], target.n, target.p.concat(prop));
  },
};

// The trap that lists the keys of a ref or a tf.var or tf.local path
// refuses them while the configuration runs (after the render, node's
// JSON.stringify of the output reads them). Its name is built from pieces:
// the bundle is searched for the name to learn whether it may read an
// exception's stack (mayReadStacks), and a trap reads none.
const OWN_KEYS = ["own", "Keys"].join("");
function refuseKeys(target) {
  return rendered ? Reflect[OWN_KEYS](target) : refMisuse("keys");
}
refHandler[OWN_KEYS] = refuseKeys;
pathHandler[OWN_KEYS] = refuseKeys;

function pathExpr(kind, name, path) {
  return new Proxy(new TfExpr(kind, { n: name, p: path }), pathHandler);
}

const helpers = {
  // tf.var("region") is var.region; tf.var("tags", "Name") and
  // tf.var("tags").Name are var.tags.Name.
  var(name, ...path) {
    checkName("var", name);
    checkPath("var", path);
    return pathExpr("var", name, path);
  },
  // tf.local("tags") is local.tags.
  local(name, ...path) {
    checkName("local", name);
    checkPath("local", path);
    return pathExpr("local", name, path);
  },
  // tf.raw("count.index + 1") is the HCL expression as written; it is
  // parsed and checked at build time.
  raw(text) {
    if (typeof text !== "string") throw new TfkitError("Invalid tf.raw call", "tf.raw takes HCL expression text, a string.", "");
    return new TfExpr("raw", { t: text });
  },
  // tf.fn("join", ",", tf.var("names")) is join(",", var.names).
  fn(name, ...args) {
    checkName("fn", name);
    return new TfExpr("fn", { n: name, a: args });
  },
  // tf.literal("${not interpolated}") is a string taken as it is.
  literal(s) {
    if (typeof s !== "string") throw new TfkitError("Invalid tf.literal call", "tf.literal takes a string.", "");
    return new TfExpr("lit", { v: s });
  },
  // tf.block({...}) is a nested block (ingress { ... }) where a plain object
  // is an object-typed attribute (tags = { ... }). Labels come first:
  // tf.block("label", {...}). An array of blocks is repeated blocks.
  block(...args) {
    const body = args.pop();
    if (body === null || typeof body !== "object" || Array.isArray(body)) {
      throw new TfkitError("Invalid tf.block call", "tf.block takes the block body, an object, last.", 'write tf.block({ name: "x" }) or tf.block("label", { ... })');
    }
    for (const l of args) {
      if (typeof l !== "string") throw new TfkitError("Invalid tf.block call", "Block labels are strings.", "");
    }
    return new TfExpr("block", { l: args, b: body });
  },
  // tf.unset() in an override prop deletes what is at the path:
  // override={{ "tags.Name": tf.unset() }}.
  unset() {
    return new TfExpr("unset", {});
  },
  // tf.dynamic({ for_each, iterator, labels, content }) is a dynamic block
  // whose type is the attribute name it is given to.
  dynamic(spec) {
    if (spec === null || typeof spec !== "object" || spec.for_each === undefined || spec.content === undefined) {
      throw new TfkitError("Invalid tf.dynamic call", "tf.dynamic needs for_each and content.", "write tf.dynamic({ for_each: tf.var(\"ports\"), content: { from_port: tf.raw(\"ingress.value\") } })");
    }
    return new TfExpr("dynamic", { b: spec });
  },
  // tf.asset("lambda", "./lambda", { type: "archive" }) copies a file, a
  // directory or a zip archive of either into the output, under
  // assets/<name>/<content hash>/; tfkit reads it while the configuration
  // is built, so its path and hash are plain strings here.
  asset(name, source, options) {
    checkName("asset", name);
    if (typeof source !== "string" || source === "") {
      throw new TfkitError("Invalid tf.asset call", "tf.asset needs the file or directory to copy, a path relative to the project directory.", 'write tf.asset("lambda", "./lambda", { type: "archive" })');
    }
    const type = options === undefined || options === null ? "" : options.type;
    if (type !== undefined && type !== "" && type !== "file" && type !== "directory" && type !== "archive") {
      throw new TfkitError("Invalid asset type", `${describe(type)} is not an asset type.`, 'give type: "file", "directory" or "archive"');
    }
    const h = globalThis.__tfkitHost;
    if (!h || typeof h.asset !== "function") {
      throw new TfkitError("Assets need tfkit's engine", "tf.asset reads files while the configuration is built, which only tfkit's built-in engine does.", "build with tfkit synth");
    }
    const r = h.asset(name, source, type || "");
    if (r.summary) throw new TfkitError(r.summary, r.detail, r.hint);
    return Object.freeze({ name, type: r.type, path: r.path, hash: r.hash, modulePath: "${path.module}/" + r.path });
  },
};

// tf is the helpers behind a proxy that refuses a name it does not have
// (tf.toset, tf.vars) where it is read, with the helper meant: without it
// the mistake is "Object has no member" or "not a function" at the call.
// Symbols and the names a runtime probes (then, toJSON) read as undefined.
export const tf = new Proxy(helpers, {
  get(target, key, receiver) {
    if (typeof key !== "string" || key in target || probedNames.has(key)) {
      return Reflect.get(target, key, receiver);
    }
    throw new TfkitError("Unknown tf helper", `tf has no ${JSON.stringify(key)}.`, helperHint(key));
  },
});

const probedNames = new Set(["then", "toJSON", "$$typeof", "__esModule", "asymmetricMatch", "nodeType", "@@__IMMUTABLE_ITERABLE__@@"]);
// probedElementNames are those, and what code written for React reads of
// an element (element.key and element.ref are tfkit props, read from
// element.props).
const probedElementNames = new Set([...probedNames, "_owner", "_store", "_self", "_source"]);

function helperHint(key) {
  const names = Object.keys(helpers);
  const lower = key.toLowerCase();
  for (const n of names) {
    if (lower === n || lower === n + "s" || (lower.length > 2 && n.startsWith(lower)) || lower === "variable" && n === "var") {
      return `write tf.${n}(...)`;
    }
  }
  const list = names.map((n) => "tf." + n).join(", ");
  if (/^[a-z][a-z0-9_]*$/.test(key)) {
    return `Terraform's functions are called through tf.fn: tf.fn(${JSON.stringify(key)}, ...); the helpers are ${list}`;
  }
  return `the helpers are ${list}`;
}

// ---------------------------------------------------------------------------
// Render

// The host, when the runtime runs inside tfkit, learns which objects are
// elements so that it can tell them from plain values.
const host = globalThis.__tfkitHost;
if (host) host.elementPrototype = Element.prototype;

// The host may make the ref proxies itself, with traps of its own that do
// what refHandler does (the placeholder, the expression symbol and the
// read-only error are this runtime's); they cost less than a JavaScript
// trap on every attribute read.
const nativeRefProxy = host && host.refProxies ? host.refProxies(EXPR, KIND, placeholder, refHandler.set, refMisuse) : null;

// Rendered nodes, in declaration order, and the problems found.
let nodes = [];
let errors = [];

// owners is the chain of composites being rendered, innermost first: each
// node records it, so that two elements from one line of one composite can
// be told apart by where the composite was used.
let owners = null;

// throwSites lists the composites the exception being thrown passed
// through (see visit); the host reads it when the exception ends the
// build. An exception the runtime catches empties it.
const throwSites = [];
if (host) host.throwSites = throwSites;

// returnedNothing warns, once per component, about one that returned
// undefined: almost always a body in braces without a return statement,
// whose elements are then silently missing from the output. null renders
// nothing on purpose and is not warned about.
const warnedNothing = new Set();
function returnedNothing(t, source, entry) {
  if (warnedNothing.has(t)) return;
  warnedNothing.add(t);
  const name = t.name || "(anonymous)";
  errors.push({
    s: source || null,
    m: "Component returned nothing",
    d: `The component ${name} returned undefined, so it renders nothing. A function body in braces needs a return statement: () => { <X /> } returns nothing, () => <X /> and () => { return <X />; } return the element.`,
    h: "add return before the JSX, or return null to render nothing on purpose",
    a: null,
    e: entry || undefined,
    w: 1,
  });
}

// listOfNothing warns, once per place, about a list built by code that
// holds only undefined: almost always .map with a callback whose body is
// in braces and has no return statement, whose elements are then silently
// missing from the output (as with a component that returns nothing).
const warnedLists = new Set();
function listOfNothing(source) {
  const k = source === null || source === undefined ? "" : typeof source === "object" ? JSON.stringify(source) : source;
  if (warnedLists.has(k)) return;
  warnedLists.add(k);
  errors.push({
    s: source || null,
    m: "List rendered nothing",
    d: "A list among the children (built by .map(...) or other code) holds only undefined, so it renders nothing. A callback whose body is in braces needs a return statement: items.map((i) => { <X /> }) returns nothing, items.map((i) => <X />) and items.map((i) => { return <X />; }) return the elements.",
    h: "add return before the JSX in the callback, or map to null to render nothing on purpose",
    a: null,
    o: owners,
    w: 1,
  });
}

function allUndefined(list) {
  for (let i = 0; i < list.length; i++) {
    if (list[i] !== undefined) return false;
  }
  return true;
}

// fail records a mistake, with the composites it was made in (o), so that
// one made in a composite used several times is reported once.
function fail(err, source) {
  errors.push({ s: source || null, m: err.summary, d: err.detail, h: err.hint, a: err.attr || null, o: owners });
}

function describe(v) {
  if (v === null) return "null";
  if (v === undefined) return "undefined";
  if (Array.isArray(v)) return "an array";
  if (typeof v === "function") return `the function ${v.name || "(anonymous)"}`;
  if (typeof v === "object") return "an object";
  return `the ${typeof v} ${JSON.stringify(v)}`;
}

// Lists of children nested deeper than MAX_LIST_DEPTH are an error where
// they are rendered, rather than a stack overflow with no place: a list
// that contains itself (list.push(list)) never ends.
const MAX_LIST_DEPTH = 1000;
let listDepth = 0;
let listTooDeep = false;

function visit(node, source, inList) {
  if (node === null || node === undefined || typeof node === "boolean") return;
  if (Array.isArray(node)) {
    if (listTooDeep) return;
    if (listDepth >= MAX_LIST_DEPTH) {
      listTooDeep = true;
      fail(new TfkitError(
        "Children nested too deeply",
        `Lists of children are nested more than ${MAX_LIST_DEPTH} levels deep here; a list that contains itself never ends.`,
        "render each element once: flatten the lists (list.flat()), and never put a list inside itself",
      ), source);
      return;
    }
    const list = !staticChildren.has(node);
    if (list && node.length > 0 && allUndefined(node)) listOfNothing(source);
    listDepth++;
    for (let i = 0; i < node.length; i++) visit(node[i], source, list);
    listDepth--;
    return;
  }
  if (node instanceof Element) {
    const t = node.type;
    const here = node.source || source;
    if (t === Fragment) {
      visit(node.props.children, here);
      return;
    }
    if (t === Aspects) {
      visitAspects(node, here);
      return;
    }
    if (typeof t !== "function") {
      fail(new TfkitError(
        "Invalid element type",
        `The element type is ${describe(t)}, not a component.`,
        elementTypeHint(t),
      ), here);
      return;
    }
    const kind = t[KIND];
    if (kind !== undefined) {
      try {
        emit(node, kind, here, inList);
      } catch (e) {
        if (!(e instanceof TfkitError)) throw e;
        fail(e, here);
      }
      return;
    }
    if (isClass(t)) {
      fail(classComponent(t), here);
      return;
    }
    if (t.defaultProps !== undefined) {
      // React 18 merged them, React 19 no longer does: either way a
      // reader would guess, so the build says what to write.
      fail(new TfkitError(
        "defaultProps is not supported",
        `${t.name || "The component"} has defaultProps, which tfkit does not apply: its props are only those written where it is used.`,
        "give the defaults in the parameter: function " + (t.name || "Name") + "({ size = \"small\", ...rest }) { ... }",
      ), here);
      return;
    }
    const props = node.props;
    if (props[KEY_LAST]) delete props[KEY_LAST];
    const saved = owners;
    owners = { s: here || null, n: t.name || "", up: saved, c: props.children };
    let threw = true;
    try {
      const out = t(props);
      if (out && typeof out.then === "function") {
        threw = false;
        fail(new TfkitError(
          "Asynchronous component",
          `The component ${t.name || "(anonymous)"} returned a Promise.`,
          "components are synchronous: compute values before rendering, without await",
        ), here);
        return;
      }
      if (out === undefined) returnedNothing(t, here, null);
      else if (typeof out === "string" && out !== "") {
        threw = false;
        fail(new TfkitError(
          "Component returned text",
          `The component ${t.name || "(anonymous)"} returned the text ${JSON.stringify(out.slice(0, 40))}, not elements; text is rendered only as the body of an element.`,
          "return elements, or null to render nothing; to use the text as HCL, make it an element's body: <Resource type=\"...\" name=\"...\">{text}</Resource>",
        ), here);
        return;
      }
      visit(out, here);
      threw = false;
    } finally {
      owners = saved;
      // The stack of an exception in a composite ends in this runtime,
      // which called it: record where each composite was used, innermost
      // first, so the message can show the <Composite> call sites. A
      // finally block, unlike catch and throw, keeps the exception as it
      // was thrown, with the stack of the throw, also when the value is
      // not an Error (throw "text").
      if (threw) throwSites.push({ s: here || null, n: t.name || "" });
    }
    return;
  }
  // An empty string renders nothing, as in React ({cond ? "" : <X />}).
  if (node === "") return;
  if (typeof node === "string" || typeof node === "number") {
    const err = new TfkitError(
      "Text outside an element body",
      `The text ${JSON.stringify(String(node).slice(0, 40))} is rendered outside any element body.`,
      typeof node === "number"
        ? `a number rendered as a child is text: {n && <X />} renders ${node} when n is ${node}; write {n > 0 && <X />}, or put the number in an attribute`
        : "text belongs inside <Resource>, <DataSource>, ... as their body",
    );
    fail(err, source);
    // JSX text has no position of its own: the host looks for it after
    // the element that holds it.
    errors[errors.length - 1].x = String(node);
    return;
  }
  if (typeof node === "function") {
    fail(new TfkitError(
      "Function rendered as a child",
      `The function ${node.name || "(anonymous)"} is rendered as a child.`,
      "write it as an element, <Name />, or call it",
    ), source);
    return;
  }
  if (node && typeof node.then === "function") {
    fail(new TfkitError("Promise rendered as a child", "A Promise is rendered as a child.", "components and children are synchronous"), source);
    return;
  }
  fail(new TfkitError("Invalid child", `${describe(node)} cannot be rendered.`, "children are elements, arrays of elements, or null"), source);
}

// ---------------------------------------------------------------------------
// Aspects

// aspectScope lists the aspects that apply to what is being rendered,
// outermost first; each rendered node records it (nodeAspects).
let aspectScope = null;
let nodeAspects = new Map();

// A round visits the nodes not yet visited; aspects that keep declaring
// elements for each other are refused after MAX_ASPECT_ROUNDS.
const MAX_ASPECT_ROUNDS = 10;

function visitAspects(node, here) {
  const v = node.props.visit;
  const fns = Array.isArray(v) ? v : [v];
  const entries = [];
  for (const fn of fns) {
    if (typeof fn !== "function") {
      const e = new TfkitError("Invalid aspect", `visit is ${describe(fn)}, not a function of the element.`, "write <Aspects visit={(el) => { ... }}> or visit={[a, b]}");
      e.attr = "visit";
      fail(e, here);
      return;
    }
    entries.push({ fn, site: here || null, visited: new Set() });
  }
  const saved = aspectScope;
  aspectScope = saved ? saved.concat(entries) : entries;
  try {
    visit(node.props.children, here);
  } finally {
    aspectScope = saved;
  }
}

function nodeAddress(n) {
  const p = n.p;
  switch (n.c) {
    case "Resource":
      return `${p.type}.${p.name}`;
    case "DataSource":
      return `data.${p.type}.${p.name}`;
    case "Ephemeral":
      return `ephemeral.${p.type}.${p.name}`;
    case "Module":
      return `module.${p.name}`;
    case "Variable":
      return `var.${p.name}`;
    case "Output":
      return `output.${p.name}`;
    case "Provider":
      return p.alias ? `provider.${p.type}.${p.alias}` : `provider.${p.type}`;
    case "Check":
      return `check.${p.name}`;
  }
  return n.c.toLowerCase();
}

// aspectView is what an aspect receives: the element's kind and labels,
// its props (read), and methods that change them.
function aspectView(n) {
  return {
    kind: n.c,
    type: n.p.type,
    name: n.p.name,
    address: nodeAddress(n),
    get props() {
      return n.p;
    },
    // set(name, value) sets a prop (an attribute or meta-argument);
    // undefined removes it.
    set(name, value) {
      const p = Object.assign({}, n.p);
      if (value === undefined) delete p[name];
      else p[name] = value;
      n.p = p;
      return this;
    },
    // override(path, value) adds to the element's override prop.
    override(path, value) {
      const o = Object.assign({}, n.p.override || {});
      o[path] = value;
      n.p = Object.assign({}, n.p, { override: o });
      return this;
    },
  };
}

function errorMessage(e) {
  if (e instanceof TfkitError) return e.detail || e.summary;
  if (e !== null && typeof e === "object" && typeof e.message === "string") return e.message;
  return String(e);
}

// runAspects visits every rendered node with the aspects in whose scope it
// was rendered, in declaration order; what a visit returns is rendered
// (in the scope of the visited node) and visited in the next round.
function runAspects() {
  if (nodeAspects.size === 0) return;
  for (let round = 0; ; round++) {
    const added = [];
    const snapshot = nodes.slice();
    for (const n of snapshot) {
      const entries = nodeAspects.get(n);
      if (!entries) continue;
      for (const e of entries) {
        if (e.visited.has(n)) continue;
        e.visited.add(n);
        const before = nodes.length;
        let out;
        try {
          out = e.fn(aspectView(n));
        } catch (err) {
          errors.push({ s: n.s, m: "Refused by an aspect", d: `${nodeAddress(n)}: ${errorMessage(err).replace(/\.$/, "")}.`, h: "", a: null });
          continue;
        }
        if (out !== undefined && out !== null && typeof out !== "boolean") {
          const savedScope = aspectScope;
          const savedOwners = owners;
          aspectScope = entries;
          owners = n.o;
          try {
            visit(out, e.site);
          } catch (err) {
            if (!(err instanceof TfkitError)) throw err;
            throwSites.length = 0;
            fail(err, e.site);
          } finally {
            aspectScope = savedScope;
            owners = savedOwners;
          }
        }
        for (let i = before; i < nodes.length; i++) added.push({ visited: n, added: nodes[i] });
      }
    }
    if (added.length === 0) return;
    if (round + 1 === MAX_ASPECT_ROUNDS) {
      const steps = added.slice(0, 5).map((a) => `visiting ${nodeAddress(a.visited)} declared ${nodeAddress(a.added)}`);
      if (added.length > 5) steps.push(`and ${added.length - 5} more`);
      errors.push({
        s: added[0].visited.s,
        m: "Cycle of aspects",
        d: `Aspects still declared new elements after ${MAX_ASPECT_ROUNDS} rounds of visits, so they would never end; in the last round: ${steps.join("; ")}.`,
        h: "make an aspect declare an element only when it is missing, or not for elements an aspect declared",
        a: null,
      });
      return;
    }
  }
}

// isClass tells a class from a function: calling a class throws.
function isClass(f) {
  try {
    return /^class\b/.test(Function.prototype.toString.call(f));
  } catch {
    return false;
  }
}

function classComponent(t) {
  const name = t.name || "Component";
  return new TfkitError(
    "Class component",
    `${name} is a class; tfkit components are plain functions of their props, rendered once (there is no render() method to call, no state and no lifecycle).`,
    `write it as a function: function ${name}(props) { return <>...</>; }`,
  );
}

function innerText(ch, kind) {
  if (typeof ch === "string") return { text: ch, fn: false };
  if (typeof ch === "function") {
    const s = ch();
    if (typeof s !== "string") {
      throw new TfkitError("Invalid innerText", `The innerText function of <${kind}> returned ${describe(s)}, not a string.`, "return a template literal: {() => `...`}");
    }
    return { text: s, fn: true };
  }
  if (Array.isArray(ch)) {
    // Parts are lines, but a brace written as {"{"}, {"${"} or {"}"} in
    // JSX text (where a brace would start JavaScript) is text of the line
    // it stands in: triggers = {"{"} a = 1 {"}"} is one line. A line does
    // not start with "{" or "${", nor ends with them, and "}" continues
    // the line that opened a brace (else it closes a block, on a line of
    // its own).
    let text = "";
    let fn = true;
    let sameLine = false;
    for (let i = 0; i < ch.length; i++) {
      const part = innerText(ch[i], kind);
      const t = part.text;
      const open = t === "{" || t === "${";
      const closes = t === "}" && opensBrace(text);
      if (i > 0 && !sameLine && !open && !closes) text += "\n";
      text += t;
      sameLine = open || closes;
      fn = fn && part.fn;
    }
    return { text, fn };
  }
  if (ch instanceof Element) {
    throw passedOn(ch, new TfkitError("Element inside a primitive", `<${kind}> cannot contain elements: its children are its body, HCL text given as a string or () => string.`, "put elements beside it, not inside"));
  }
  throw new TfkitError("Invalid innerText", `The children of <${kind}> are ${describe(ch)}.`, "the body text is a string or a function returning one: {() => `...`}");
}

// opensBrace reports whether the last line of text opens more braces than
// it closes.
function opensBrace(text) {
  let depth = 0;
  for (let i = text.lastIndexOf("\n") + 1; i < text.length; i++) {
    if (text[i] === "{") depth++;
    else if (text[i] === "}") depth--;
  }
  return depth > 0;
}

// passedOn says, in err about the children ch of a primitive (or one of
// them), when they are the children given to the composite rendering it: a
// spread of its props ({...props}) passes children on too.
function passedOn(ch, err) {
  if (owners !== null && (owners.c === ch || Array.isArray(owners.c) && owners.c.indexOf(ch) >= 0)) {
    const name = owners.n || "(anonymous)";
    err.detail += ` They are the children given to <${name}>, passed on to it (a spread of the props, {...props}, passes children too).`;
    err.hint += `; to pass the other props on without the children: const { children, ...rest } = props; then <... {...rest} />`;
  }
  return err;
}

// holdsElement reports whether children hold an element, in lists too.
function holdsElement(ch) {
  if (ch instanceof Element) return true;
  if (Array.isArray(ch)) {
    for (let i = 0; i < ch.length; i++) {
      if (holdsElement(ch[i])) return true;
    }
  }
  return false;
}

// emit records one primitive element: its props as they are (the Go side
// reads and checks them), its bound ref and its innerText, evaluated now, in
// declaration order.
function emit(el, kind, source, inList) {
  const props = el.props;
  const n = { c: kind, s: source || null, p: props, r: -1, o: owners };
  const ch = props.children;
  const hasText = ch !== undefined && ch !== null && ch !== false;
  const labels = labelProps[kind];
  const ref = props.ref;
  if (ref !== undefined && ref !== null) {
    const m = ref[EXPR];
    if (m === undefined || m[MARK] !== "ref" || m.p.length !== 0) {
      const e = new TfkitError("Invalid ref", `ref is ${describe(ref)}, not a ref from useRef().`, "create refs with const r = useRef() and pass r itself");
      e.attr = "ref";
      throw e;
    }
    n.r = m.r;
  }
  let extra = null;
  if (hasText) {
    const keys = Object.keys(props);
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i];
      if (k !== "children" && k !== "ref" && k !== "override" && props[k] !== undefined && labels.indexOf(k) < 0) {
        (extra || (extra = [])).push(k);
      }
    }
  }
  if (props[KEY_LAST]) {
    n.k = 1;
    if (inList) n.kl = 1;
  }
  if (hasText) {
    // Elements among the children are the mistake to report, whatever
    // else the tag has (innerText throws for them).
    if (extra && !holdsElement(ch)) {
      throw passedOn(ch, new TfkitError(
        "Attributes beside an innerText body",
        `<${kind}> has an innerText body and the attribute${extra.length > 1 ? "s" : ""} ${extra.join(", ")}.`,
        labels.length > 0
          ? `an element with an innerText body accepts only ${labels.join(" and ")}: move the other attributes into the text`
          : `an element with an innerText body accepts no attributes: move them into the text`,
      ));
    }
    const t = innerText(ch, kind);
    n.x = t.text;
    if (!t.fn) n.xs = 1;
  }
  if (aspectScope) nodeAspects.set(n, aspectScope);
  nodes.push(n);
}

// __render renders the entry module's default export. The result holds
// the nodes, the sites of the refs (as the host recorded them), the
// expressions that stand behind placeholders, and the errors; the tfkit
// binary reads it from the global the bundle's entry assigns.
export function __render(mod) {
  rendered = false;
  listDepth = 0;
  listTooDeep = false;
  nodes = [];
  errors = [];
  throwSites.length = 0;
  owners = null;
  aspectScope = null;
  nodeAspects = new Map();
  warnedNothing.clear();
  warnedLists.clear();
  let root = mod && mod.default;
  const noDefault = { s: null, m: "No default export", d: "The entry module has no default export, so there is nothing to render.", h: "end it with export default function App() { return <>...</>; } or export default <...>", a: null, e: 1 };
  if (root === undefined) {
    errors.push(noDefault);
  } else if (typeof root === "function" && isClass(root)) {
    const e = classComponent(root);
    errors.push({ s: null, m: e.summary, d: e.detail, h: e.hint, a: null, e: 1 });
  } else if (root !== null && !Array.isArray(root) && !(root instanceof Element) && typeof root !== "function") {
    errors.push({
      s: null,
      m: "Invalid default export",
      d: `The default export is ${describe(root)}; it must be a component (a function) or an element.`,
      h: "export default function App() { return <>...</>; }",
      a: null,
      e: 1,
    });
  } else {
    if (typeof root === "function" && root[KIND] === undefined) {
      const app = root;
      root = root({});
      if (root === undefined) returnedNothing(app, null, 1);
    }
    if (root && typeof root.then === "function") {
      errors.push({ s: null, m: "Asynchronous component", d: "The default export returned a Promise.", h: "components are synchronous: compute values before rendering, without await", a: null, e: 1 });
    } else {
      visit(root, null);
      runAspects();
    }
  }
  rendered = true;
  // Where the configuration read the clock or Math.random (the host
  // watches them; under node there is no host, and nothing to report).
  const nd = host && host.reads ? host.reads() : [];
  return { nodes, refs: refSites, ph: placeholders, errors, nd };
}
