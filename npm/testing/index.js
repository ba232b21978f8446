// tfkit/testing: test TSX configurations from vitest, jest or node's test
// runner. synth() runs the tfkit binary (found as the tfkit launcher finds
// it) on an entry file into a temporary directory and reads the stack as
// Terraform JSON; the assertions read that. Matchers for expect.extend
// follow the protocol vitest and jest share: { pass, message }.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const launcher = join(dirname(fileURLToPath(import.meta.url)), "..", "bin", "tfkit.js");

function runTfkit(args, cwd, env) {
  const r = spawnSync(process.execPath, [launcher, ...args], {
    cwd,
    env: { ...process.env, ...env },
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  if (r.error) throw r.error;
  return r;
}

function synthInto(entry, opts, format) {
  const cwd = resolve(opts.dir ?? process.cwd());
  const out = mkdtempSync(join(tmpdir(), "tfkit-test-"));
  const r = runTfkit(["synth", entry, "--out", out, "--format", format], cwd, opts.env);
  if (r.status !== 0) {
    rmSync(out, { recursive: true, force: true });
    throw new Error(`tfkit synth ${entry} failed:\n${r.stderr}${r.stdout}`);
  }
  return out;
}

/**
 * Synthesizes a TSX entry with the tfkit binary and returns its stack.
 * Throws with tfkit's diagnostics when the configuration has errors.
 */
export function synth(entry, opts = {}) {
  const dir = synthInto(entry, opts, "json");
  const name = entry.replace(/^.*[\\/]/, "").replace(/\.[^.]*$/, "");
  const json = readFileSync(join(dir, "main.tf.json"), "utf8");
  let hcl;
  return {
    name,
    dir,
    json: JSON.parse(json),
    jsonText: json,
    // The HCL of the stack (for snapshots): synthesized when first read.
    get hcl() {
      if (hcl === undefined) {
        const d = synthInto(entry, opts, "hcl");
        try {
          hcl = readFileSync(join(d, "main.tf"), "utf8");
        } finally {
          rmSync(d, { recursive: true, force: true });
        }
      }
      return hcl;
    },
  };
}

function keys(o) {
  return o && typeof o === "object" && !Array.isArray(o) ? Object.keys(o).sort() : [];
}

function elements(stack, kind, type) {
  const named = ((stack.json[kind] ?? {})[type]) ?? {};
  return keys(named).map((n) => ({ addr: (kind === "data" ? "data." : "") + `${type}.${n}`, body: named[n] }));
}

function show(v) {
  if (v === null || v === undefined) return "null";
  if (Array.isArray(v)) return `a list of ${v.length}`;
  if (typeof v === "object") return `an object with ${Object.keys(v).length} keys`;
  return JSON.stringify(v);
}

function join2(at, k) {
  return at === "" ? k : `${at}.${k}`;
}

/**
 * Compares a body (Terraform JSON) with expected properties, partially and
 * nested, and returns the differences, one per path; [] when it matches.
 */
export function match(got, want, at = "") {
  const diffs = [];
  const report = (m) => diffs.push(`${at === "" ? "(body)" : at}: ${m}`);
  if (want === null || want === undefined) {
    if (got !== null && got !== undefined) report(`got ${show(got)}, want null`);
    return diffs;
  }
  if (Array.isArray(want)) {
    if (!Array.isArray(got)) {
      if (got && typeof got === "object" && want.length === 1) return match(got, want[0], `${at}[0]`);
      report(`got ${show(got)}, want a list of ${want.length}`);
      return diffs;
    }
    if (got.length !== want.length) {
      report(`got a list of ${got.length}, want ${want.length}`);
      return diffs;
    }
    want.forEach((w, i) => diffs.push(...match(got[i], w, `${at}[${i}]`)));
    return diffs;
  }
  if (typeof want === "object") {
    if (Array.isArray(got)) {
      let best = null;
      for (let i = 0; i < got.length; i++) {
        const d = match(got[i], want, `${at}[${i}]`);
        if (d.length === 0) return [];
        if (best === null || d.length < best.length) best = d;
      }
      if (best === null) report("got an empty list, want an object");
      else diffs.push(...best);
      return diffs;
    }
    if (got === null || typeof got !== "object") {
      report(`got ${show(got)}, want an object`);
      return diffs;
    }
    for (const k of Object.keys(want).sort()) {
      if (!(k in got)) diffs.push(`${join2(at, k)}: missing`);
      else diffs.push(...match(got[k], want[k], join2(at, k)));
    }
    return diffs;
  }
  if (typeof want === "number" || typeof want === "bigint") {
    if (typeof got !== "number" || got !== Number(want)) report(`got ${show(got)}, want ${want}`);
    return diffs;
  }
  if (got !== want) report(`got ${show(got)}, want ${JSON.stringify(want)}`);
  return diffs;
}

function list(noun, have) {
  return have.length === 0 ? ` (it has no ${noun}s)` : ` (it has ${have.join(", ")})`;
}

function check(stack, kind, noun, type, props) {
  const els = elements(stack, kind, type);
  if (els.length === 0) {
    return `stack ${stack.name} has no ${noun} of type ${type}${list(noun, keys(stack.json[kind]))}`;
  }
  if (props === undefined) return null;
  let best = null;
  for (const e of els) {
    const d = match(e.body, props);
    if (d.length === 0) return null;
    if (best === null || d.length < best.diffs.length) best = { addr: e.addr, diffs: d };
  }
  return `stack ${stack.name} has no ${noun} ${type} with these properties; the closest, ${best.addr}, differs at:\n  ${best.diffs.join("\n  ")}`;
}

function providers(stack) {
  const have = new Set(keys(stack.json.provider));
  for (const tb of [].concat(stack.json.terraform ?? [])) {
    for (const rp of [].concat(tb.required_providers ?? [])) keys(rp).forEach((k) => have.add(k));
  }
  return [...have].sort();
}

// Each check returns null when it holds, else the failure message.
const checks = {
  resource: (s, type, props) => check(s, "resource", "resource", type, props),
  data: (s, type, props) => check(s, "data", "data source", type, props),
  provider: (s, name) =>
    providers(s).includes(name) ? null : `stack ${s.name} has no provider ${name}${list("provider", providers(s))}`,
  output: (s, name) =>
    keys(s.json.output).includes(name) ? null : `stack ${s.name} has no output ${name}${list("output", keys(s.json.output))}`,
};

export const hasResource = (stack, type) => checks.resource(stack, type) === null;
export const hasResourceWithProperties = (stack, type, props) => checks.resource(stack, type, props) === null;
export const hasDataSource = (stack, type) => checks.data(stack, type) === null;
export const hasDataSourceWithProperties = (stack, type, props) => checks.data(stack, type, props) === null;
export const hasProvider = (stack, name) => checks.provider(stack, name) === null;
export const hasOutput = (stack, name) => checks.output(stack, name) === null;

function assertion(fn) {
  return (...args) => {
    const msg = fn(...args);
    if (msg !== null) throw new Error(msg);
  };
}

/** Assertions that throw an Error with the failure message. */
export const assert = {
  hasResource: assertion((s, t) => checks.resource(s, t)),
  hasResourceWithProperties: assertion((s, t, p) => checks.resource(s, t, p)),
  hasDataSource: assertion((s, t) => checks.data(s, t)),
  hasDataSourceWithProperties: assertion((s, t, p) => checks.data(s, t, p)),
  hasProvider: assertion(checks.provider),
  hasOutput: assertion(checks.output),
};

function matcher(fn, what) {
  return function (received, ...args) {
    const msg = fn(received, ...args);
    return {
      pass: msg === null,
      message: () => (msg === null ? `expected stack ${received.name} not to have ${what(...args)}` : msg),
    };
  };
}

/** Matchers for expect.extend (vitest, jest). */
export const matchers = {
  toHaveResource: matcher((s, t) => checks.resource(s, t), (t) => `a resource of type ${t}`),
  toHaveResourceWithProperties: matcher((s, t, p) => checks.resource(s, t, p), (t) => `a resource ${t} with these properties`),
  toHaveDataSource: matcher((s, t) => checks.data(s, t), (t) => `a data source of type ${t}`),
  toHaveDataSourceWithProperties: matcher((s, t, p) => checks.data(s, t, p), (t) => `a data source ${t} with these properties`),
  toHaveProvider: matcher(checks.provider, (n) => `the provider ${n}`),
  toHaveOutput: matcher(checks.output, (n) => `the output ${n}`),
};

/** The engine to validate with ($TFKIT_TERRAFORM, else terraform or tofu on PATH), or null. */
export function findEngine() {
  if (process.env.TFKIT_TERRAFORM) return existsSync(process.env.TFKIT_TERRAFORM) ? process.env.TFKIT_TERRAFORM : null;
  const exe = process.platform === "win32" ? ".exe" : "";
  for (const name of ["terraform", "tofu"]) {
    for (const d of (process.env.PATH ?? "").split(delimiter)) {
      const p = join(d, name + exe);
      try {
        if (d && statSync(p).isFile()) return p;
      } catch {
        // not here
      }
    }
  }
  return null;
}

/**
 * Runs the engine's init (without a backend) and validate on the stack:
 * { valid, diagnostics } or, without an engine, { skipped: reason }.
 */
export function isValidTerraform(stack) {
  const engine = findEngine();
  if (engine === null) {
    return { skipped: "no engine to validate with: install terraform or tofu, or set TFKIT_TERRAFORM" };
  }
  const run = (args) => spawnSync(engine, args, { cwd: stack.dir, encoding: "utf8", env: { ...process.env, TF_IN_AUTOMATION: "1", CHECKPOINT_DISABLE: "1" } });
  const init = run(["init", "-backend=false", "-input=false", "-no-color"]);
  if (init.status !== 0) {
    return { valid: false, diagnostics: [{ severity: "error", summary: "init failed", detail: init.stderr + init.stdout }] };
  }
  const v = run(["validate", "-json", "-no-color"]);
  const res = JSON.parse(v.stdout);
  return { valid: res.valid, diagnostics: res.diagnostics ?? [] };
}
