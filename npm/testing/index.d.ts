/** A stack synthesized by synth(): its Terraform JSON, and its HCL for snapshots. */
export interface SynthesizedStack {
  readonly name: string;
  /** The synth output directory (a temporary directory). */
  readonly dir: string;
  /** main.tf.json, parsed. */
  readonly json: Record<string, any>;
  /** main.tf.json as written. */
  readonly jsonText: string;
  /** main.tf as written, synthesized when first read: expect(stack.hcl).toMatchSnapshot(). */
  readonly hcl: string;
}

export interface SynthOptions {
  /** The project directory the entry and its assets and modules are read from (default: the working directory). */
  dir?: string;
  /** Environment variables added for the configuration (process.env in the .tsx file). */
  env?: Record<string, string>;
}

/** Synthesizes a TSX entry with the tfkit binary; throws with tfkit's diagnostics on errors. */
export declare function synth(entry: string, opts?: SynthOptions): SynthesizedStack;

/** Partial, nested comparison of a body with expected properties: the differing paths, [] when it matches. */
export declare function match(got: unknown, want: unknown, at?: string): string[];

export declare function hasResource(stack: SynthesizedStack, type: string): boolean;
export declare function hasResourceWithProperties(stack: SynthesizedStack, type: string, props: Record<string, unknown>): boolean;
export declare function hasDataSource(stack: SynthesizedStack, type: string): boolean;
export declare function hasDataSourceWithProperties(stack: SynthesizedStack, type: string, props: Record<string, unknown>): boolean;
export declare function hasProvider(stack: SynthesizedStack, name: string): boolean;
export declare function hasOutput(stack: SynthesizedStack, name: string): boolean;

/** The same checks, throwing an Error that names the closest element and the differing paths. */
export declare const assert: {
  hasResource(stack: SynthesizedStack, type: string): void;
  hasResourceWithProperties(stack: SynthesizedStack, type: string, props: Record<string, unknown>): void;
  hasDataSource(stack: SynthesizedStack, type: string): void;
  hasDataSourceWithProperties(stack: SynthesizedStack, type: string, props: Record<string, unknown>): void;
  hasProvider(stack: SynthesizedStack, name: string): void;
  hasOutput(stack: SynthesizedStack, name: string): void;
};

interface MatcherResult {
  pass: boolean;
  message(): string;
}

/** Matchers for expect.extend(matchers) in vitest or jest. */
export declare const matchers: {
  toHaveResource(stack: SynthesizedStack, type: string): MatcherResult;
  toHaveResourceWithProperties(stack: SynthesizedStack, type: string, props: Record<string, unknown>): MatcherResult;
  toHaveDataSource(stack: SynthesizedStack, type: string): MatcherResult;
  toHaveDataSourceWithProperties(stack: SynthesizedStack, type: string, props: Record<string, unknown>): MatcherResult;
  toHaveProvider(stack: SynthesizedStack, name: string): MatcherResult;
  toHaveOutput(stack: SynthesizedStack, name: string): MatcherResult;
};

/** The engine to validate with ($TFKIT_TERRAFORM, else terraform or tofu on PATH), or null. */
export declare function findEngine(): string | null;

export interface ValidationDiagnostic {
  severity: string;
  summary: string;
  detail?: string;
}

/** Runs the engine's init and validate on the stack; skipped (with the reason) without an engine. */
export declare function isValidTerraform(
  stack: SynthesizedStack,
): { valid: boolean; diagnostics: ValidationDiagnostic[]; skipped?: undefined } | { skipped: string; valid?: undefined; diagnostics?: undefined };
