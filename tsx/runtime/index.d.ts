// Type definitions for tfkit's TSX front end: write Terraform configurations
// as TSX and turn them into main.tf with `tfkit synth main.tsx`.
//
/// <reference path="./globals.d.ts" />
//
// Types help editors and `tsc --noEmit`; they do not gate the output.
// Attributes that are not listed here are accepted as they are (every
// component's props have an index signature) and written to main.tf.

declare const expressionBrand: unique symbol;
declare const blockBrand: unique symbol;
declare const elementBrand: unique symbol;

/**
 * A Terraform expression: a reference, a variable, a function call. It can
 * be an attribute value, or stand inside a template literal, where it
 * becomes an interpolation (`${ref.id}-suffix`) in attributes and the bare
 * expression in innerText bodies.
 */
export interface Expression {
  readonly [expressionBrand]: true;
  toString(): string;
}

/**
 * A ref, from useRef(). Bind it to an element with ref={...}; reading an
 * attribute from it gives a reference: vpcRef.id is aws_vpc.main.id,
 * dataRef.id is data.aws_ami.x.id, moduleRef.vpc_id is module.net.vpc_id,
 * stateRef.outputs.subnet is data.terraform_remote_state.x.outputs.subnet.
 * The ref itself is the block's address (depends_on={[vpcRef]}) or, for a
 * <Provider>, the provider reference (provider={westRef} is aws.west).
 */
export type Ref = Expression & { readonly [attribute: string]: Ref };

/** A nested block made with tf.block or tf.dynamic. */
export interface Block {
  readonly [blockBrand]: true;
}

/** A value an attribute can hold. Strings are Terraform templates: ${...} interpolates. */
export type Value =
  | string
  | number
  | boolean
  | null
  | undefined
  | Expression
  | Ref
  | readonly Value[]
  | { readonly [key: string]: Value };

/** The body of a nested block: attributes, and nested blocks made with tf.block. */
export interface Body {
  readonly [attribute: string]: Value | Block | readonly Block[];
}

/** What JSX expressions produce. */
export interface Element {
  readonly [elementBrand]: true;
}

/** What a component may return or take as children. */
export type Node = Element | string | number | boolean | null | undefined | readonly Node[];

/** innerText: HCL body text, or a function returning it (required when it reads refs). */
export type InnerText = string | (() => string);

/** A reference where Terraform wants one: a ref, or its address as text. */
export type Reference = Ref | string;

/** lifecycle={{ ... }} of resources and data sources. */
export interface Lifecycle {
  create_before_destroy?: boolean;
  prevent_destroy?: boolean;
  /** Attribute names (["tags", "ami"]) or "all". */
  ignore_changes?: readonly string[] | "all";
  replace_triggered_by?: readonly Reference[];
  precondition?: Condition | readonly Condition[];
  postcondition?: Condition | readonly Condition[];
  [setting: string]: unknown;
}

/** A precondition, postcondition or validation block. */
export interface Condition {
  /** A Terraform expression, written as "${...}" or with tf.raw. */
  condition: Value;
  error_message: Value;
}

/** connection={{ ... }} of resources and provisioners. */
export interface Connection {
  type?: "ssh" | "winrm" | (string & {});
  host: Value;
  [setting: string]: Value;
}

/** One provisioner: { "local-exec": { command: "..." } }. */
export type Provisioner = {
  readonly [type: string]: { when?: "create" | "destroy"; on_failure?: "continue" | "fail"; connection?: Connection; [argument: string]: unknown };
};

/** Meta-arguments and attributes of <Resource> and <DataSource>. */
export interface ResourceAttributes {
  /** The resource type, such as "aws_vpc". */
  type: string;
  /** The resource name, unique among resources of this type. */
  name: string;
  /** Binds a ref to this element. */
  ref?: Ref;
  count?: Value;
  for_each?: Value;
  /** A <Provider> ref, or "aws.west". */
  provider?: Reference;
  depends_on?: readonly Reference[];
  lifecycle?: Lifecycle;
  children?: never;
  /** Any other attribute of the resource type: written as it is. */
  [attribute: string]: unknown;
}

/** Props of <Resource> and <DataSource> with an innerText body: only type and name. */
export interface ResourceText {
  type: string;
  name: string;
  ref?: Ref;
  children: InnerText;
}

/** Attributes of <Resource>, which adds provisioners and connection. */
export interface ResourceOnlyAttributes extends ResourceAttributes {
  provisioner?: Provisioner | readonly Provisioner[];
  connection?: Connection;
}

/** `resource "type" "name" { ... }`: the attributes as props, or an innerText body. */
export declare function Resource(props: ResourceText): Element;
export declare function Resource(props: ResourceOnlyAttributes): Element;

/** `data "type" "name" { ... }`: the attributes as props, or an innerText body. */
export declare function DataSource(props: ResourceText): Element;
export declare function DataSource(props: ResourceAttributes): Element;

/** Attributes of <Provider>. */
export interface ProviderAttributes {
  /** The provider's local name, such as "aws". */
  type: string;
  /** Makes this an extra configuration, selected with provider={ref}. */
  alias?: string;
  ref?: Ref;
  children?: never;
  [argument: string]: unknown;
}

/** `provider "type" { ... }`. */
export declare function Provider(props: { type: string; ref?: Ref; children: InnerText }): Element;
export declare function Provider(props: ProviderAttributes): Element;

/** Attributes of <Variable>. */
export interface VariableAttributes {
  name: string;
  /** A type constraint, such as "string" or "list(string)": written as the type expression. */
  type?: string;
  default?: Value;
  description?: string;
  sensitive?: boolean;
  nullable?: boolean;
  ephemeral?: boolean;
  validation?: Condition | readonly Condition[];
  ref?: Ref;
  children?: never;
  [argument: string]: unknown;
}

/** `variable "name" { ... }`. With innerText, type may stay a prop. */
export declare function Variable(props: { name: string; type?: string; ref?: Ref; children: InnerText }): Element;
export declare function Variable(props: VariableAttributes): Element;

/** Attributes of <Output>. */
export interface OutputAttributes {
  name: string;
  value: Value;
  description?: string;
  sensitive?: boolean;
  ephemeral?: boolean;
  depends_on?: readonly Reference[];
  precondition?: Condition | readonly Condition[];
  children?: never;
  [argument: string]: unknown;
}

/** `output "name" { ... }`. */
export declare function Output(props: { name: string; children: InnerText }): Element;
export declare function Output(props: OutputAttributes): Element;

/** `locals { ... }`: each prop is a local value. Several <Locals> stay separate blocks. */
export declare function Locals(props: { ref?: Ref; children: InnerText }): Element;
export declare function Locals(props: { ref?: Ref; children?: never; [local: string]: unknown }): Element;

/** A required_providers entry. */
export interface ProviderRequirement {
  source?: string;
  version?: string;
  configuration_aliases?: readonly Reference[];
}

/** Attributes of <Terraform>. */
export interface TerraformAttributes {
  required_version?: string;
  required_providers?: { readonly [name: string]: ProviderRequirement | string };
  /** { s3: { bucket: "..." } } is backend "s3" { bucket = "..." }. */
  backend?: { readonly [type: string]: { readonly [argument: string]: Value } };
  cloud?: { readonly [argument: string]: Value | { readonly [argument: string]: Value } };
  children?: never;
  [setting: string]: unknown;
}

/** `terraform { ... }`: at most one per configuration. */
export declare function Terraform(props: { children: InnerText }): Element;
export declare function Terraform(props: TerraformAttributes): Element;

/** Attributes of <Module>. */
export interface ModuleAttributes {
  name: string;
  source: string;
  version?: string;
  ref?: Ref;
  count?: Value;
  for_each?: Value;
  /** { aws: westRef } passes provider configurations. */
  providers?: { readonly [name: string]: Reference };
  depends_on?: readonly Reference[];
  children?: never;
  /** The module's input variables. */
  [input: string]: unknown;
}

/** `module "name" { source = ... }`; a ref to it reads outputs: net.vpc_id is module.net.vpc_id. */
export declare function Module(props: { name: string; ref?: Ref; children: InnerText }): Element;
export declare function Module(props: ModuleAttributes): Element;

/** Groups children without producing anything (<>...</>). */
export declare function Fragment(props: { children?: Node }): Element;

/** Makes a ref: bind it with ref={...}, read attributes from it. */
export declare function useRef<T = unknown>(initial?: null): Ref;

/** Not supported: a configuration is rendered once, at build time. Use plain variables, props and useRef. */
export declare function useState(notSupported: "useState is not supported by tfkit: use plain variables, props and useRef"): never;
/** Not supported: a configuration is rendered once, at build time. */
export declare function useEffect(notSupported: "useEffect is not supported by tfkit: there is nothing to run after rendering"): never;
/** Not supported: a configuration is rendered once, at build time. */
export declare function useLayoutEffect(notSupported: "useLayoutEffect is not supported by tfkit: there is nothing to run after rendering"): never;
/** Not supported: a configuration is rendered once, at build time. */
export declare function useInsertionEffect(notSupported: "useInsertionEffect is not supported by tfkit: there is nothing to run after rendering"): never;
/** Not supported: a configuration is rendered once, at build time. */
export declare function useMemo(notSupported: "useMemo is not supported by tfkit: compute the value directly"): never;
/** Not supported: a configuration is rendered once, at build time. */
export declare function useCallback(notSupported: "useCallback is not supported by tfkit: use the function directly"): never;
/** Not supported: pass values down as props. */
export declare function useContext(notSupported: "useContext is not supported by tfkit: pass values down as props"): never;
/** Not supported: a configuration is rendered once, at build time. */
export declare function useReducer(notSupported: "useReducer is not supported by tfkit: use plain variables"): never;
/** Not supported. */
export declare function useImperativeHandle(notSupported: "useImperativeHandle is not supported by tfkit: pass refs as props"): never;
/** Not supported. */
export declare function useId(notSupported: "useId is not supported by tfkit: name elements yourself"): never;
/** Not supported. */
export declare function useTransition(notSupported: "useTransition is not supported by tfkit"): never;
/** Not supported. */
export declare function useDeferredValue(notSupported: "useDeferredValue is not supported by tfkit"): never;
/** Not supported. */
export declare function useSyncExternalStore(notSupported: "useSyncExternalStore is not supported by tfkit"): never;
/** Not supported: pass values down as props. */
export declare function createContext(notSupported: "createContext is not supported by tfkit: pass values down as props"): never;
/** Not supported: pass refs as ordinary props. */
export declare function forwardRef(notSupported: "forwardRef is not supported by tfkit: pass the ref as an ordinary prop"): never;

/** Terraform expressions that refs cannot express. */
export declare const tf: {
  /** tf.var("region") is var.region; tf.var("tags", "Name") is var.tags.Name. */
  var(name: string, ...path: readonly (string | number)[]): Expression;
  /** tf.local("tags") is local.tags. */
  local(name: string, ...path: readonly (string | number)[]): Expression;
  /** tf.raw("count.index + 1") is that HCL expression, checked at build time. */
  raw(text: string): Expression;
  /** tf.fn("join", ",", tf.var("names")) is join(",", var.names). */
  fn(name: string, ...args: readonly Value[]): Expression;
  /** tf.literal("${x}") is the string "${x}" as it is, without interpolation. */
  literal(text: string): Expression;
  /** A nested block: ingress={tf.block({ from_port: 443 })}; labels first: tf.block("label", {...}). */
  block(body: Body): Block;
  block(label: string, body: Body): Block;
  block(label1: string, label2: string, body: Body): Block;
  /** A dynamic block whose type is the attribute it is given to. */
  dynamic(spec: { for_each: Value; iterator?: string; labels?: readonly Value[]; content: Body }): Block;
};

/** createElement is what the JSX compiler calls for a key after a spread. */
export declare function createElement(type: unknown, props: unknown, ...children: Node[]): Element;
