#!/usr/bin/env node
// Runs the tfkit binary with this process's arguments, standard streams and
// exit status. The binary is, in this order: $TFKIT_BINARY; the binary of
// the platform package @tfkit/<platform>-<arch> (installed as an optional
// dependency where it is published, the way esbuild ships its binary); or
// tfkit on PATH. The TSX runtime is inside the binary: Node is needed only
// to start this launcher, never to evaluate a configuration.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { existsSync } from "node:fs";

const exe = process.platform === "win32" ? "tfkit.exe" : "tfkit";

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
  // tfkit on PATH may be this very launcher (npm's bin link): the marker
  // keeps it from starting itself forever.
  if (process.env.TFKIT_LAUNCHER === "1") {
    return { error: "no tfkit binary found" };
  }
  return { path: exe, viaPath: true };
}

const found = findBinary();
if (found.error) {
  console.error(`tfkit: ${found.error}; install the tfkit binary (go install github.com/tfkit/tfkit/cmd/tfkit@latest) or set TFKIT_BINARY`);
  process.exit(1);
}
const result = spawnSync(found.path, process.argv.slice(2), {
  stdio: "inherit",
  env: { ...process.env, TFKIT_LAUNCHER: "1" },
});
if (result.error) {
  const hint = found.viaPath
    ? "install the tfkit binary (go install github.com/tfkit/tfkit/cmd/tfkit@latest) or set TFKIT_BINARY"
    : "check that the file is an executable tfkit binary";
  console.error(`tfkit: cannot run ${found.path}: ${result.error.message}; ${hint}`);
  process.exit(1);
}
if (result.signal) {
  process.kill(process.pid, result.signal);
}
process.exit(result.status ?? 1);
