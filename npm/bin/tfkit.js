#!/usr/bin/env node
// tfkit-npm-launcher (this marker tells copies of the launcher from the
// binary; keep it in the first lines)
//
// Runs the tfkit binary with this process's arguments, standard streams and
// exit status. The binary is, in this order: $TFKIT_BINARY; the binary of
// the platform package @tfkit/<platform>-<arch> (installed as an optional
// dependency where it is published, the way esbuild ships its binary); or
// tfkit on PATH, skipping this launcher and other copies of it (npx and
// npm scripts put node_modules/.bin, where npm links this file as tfkit,
// first on PATH). The TSX runtime is inside the binary: Node is needed only
// to start this launcher, never to evaluate a configuration.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { closeSync, existsSync, openSync, readSync, realpathSync, statSync } from "node:fs";
import { delimiter, join } from "node:path";
import { fileURLToPath } from "node:url";

const MARKER = "tfkit-npm-launcher";
const exe = process.platform === "win32" ? "tfkit.exe" : "tfkit";
const INSTALL_HINT =
  "install the tfkit binary (from a checkout of tfkit: go install ./cmd/tfkit) and put it on PATH, or set TFKIT_BINARY to its path";

function platformBinary() {
  const require = createRequire(import.meta.url);
  try {
    return require.resolve(`@tfkit/${process.platform}-${process.arch}/bin/${exe}`);
  } catch {
    return null;
  }
}

function findBinary() {
  const fromEnv = process.env.TFKIT_BINARY;
  if (fromEnv) {
    if (!existsSync(fromEnv)) {
      return { error: `TFKIT_BINARY=${fromEnv} does not exist` };
    }
    return { path: fromEnv };
  }
  const fromPackage = platformBinary();
  if (fromPackage) return { path: fromPackage };
  const fromPath = pathBinary();
  if (fromPath) return { path: fromPath };
  return { error: "no tfkit binary found (tfkit on PATH is only this launcher)" };
}

function realpath(p) {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
}

// isLauncher reports whether the file is a copy of this launcher: it names
// the marker near its start. A binary, or a script of the user's that
// starts one, does not.
function isLauncher(file) {
  let fd;
  try {
    fd = openSync(file, "r");
    const buf = Buffer.alloc(512);
    const n = readSync(fd, buf, 0, buf.length, 0);
    return buf.toString("latin1", 0, n).includes(MARKER);
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

// pathBinary finds tfkit on PATH, skipping this launcher (by its real
// path) and any other copy of it. The launcher it starts is told by
// TFKIT_LAUNCHER not to look again, so two copies can never start each
// other forever.
function pathBinary() {
  if (process.env.TFKIT_LAUNCHER === "1") return null;
  const self = realpath(fileURLToPath(import.meta.url));
  for (const dir of (process.env.PATH || "").split(delimiter)) {
    if (dir === "") continue;
    const candidate = join(dir, exe);
    let st;
    try {
      st = statSync(candidate);
    } catch {
      continue;
    }
    if (!st.isFile()) continue;
    if (process.platform !== "win32" && (st.mode & 0o111) === 0) continue;
    if (realpath(candidate) === self || isLauncher(candidate)) continue;
    return candidate;
  }
  return null;
}

const found = findBinary();
if (found.error) {
  console.error(`tfkit: ${found.error}; ${INSTALL_HINT}`);
  process.exit(1);
}
const result = spawnSync(found.path, process.argv.slice(2), {
  stdio: "inherit",
  env: { ...process.env, TFKIT_LAUNCHER: "1" },
});
if (result.error) {
  const hint = "check that the file is an executable tfkit binary";
  console.error(`tfkit: cannot run ${found.path}: ${result.error.message}; ${hint}`);
  process.exit(1);
}
if (result.signal) {
  process.kill(process.pid, result.signal);
}
process.exit(result.status ?? 1);
