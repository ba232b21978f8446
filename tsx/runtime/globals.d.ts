// Globals of a tfkit configuration: process.env and console. They are
// declared the way @types/node and TypeScript's DOM library declare them
// (interfaces that merge), so that projects with either still type-check.
declare namespace NodeJS {
  interface ProcessEnv {
    [name: string]: string | undefined;
  }
  interface Process {
    /** The build's environment (tfkit synth passes its own). */
    env: ProcessEnv;
    /** The working directory of the build. */
    cwd(): string;
  }
}

declare var process: NodeJS.Process;

interface Console {
  log(...data: any[]): void;
  info(...data: any[]): void;
  warn(...data: any[]): void;
  error(...data: any[]): void;
  debug(...data: any[]): void;
}

declare var console: Console;
