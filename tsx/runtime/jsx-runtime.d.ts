// The JSX runtime of tfkit ("jsxImportSource": "tfkit"): what the
// TypeScript compiler checks JSX against.
import type { Element as TfkitElement, Node } from "./index";

export { Fragment } from "./index";

export declare function jsx(type: unknown, props: unknown, key?: unknown): TfkitElement;
export declare function jsxs(type: unknown, props: unknown, key?: unknown): TfkitElement;
export declare function jsxDEV(type: unknown, props: unknown, key?: unknown, isStatic?: boolean, source?: unknown, self?: unknown): TfkitElement;

export declare namespace JSX {
  /** What a JSX expression produces. */
  type Element = TfkitElement;
  /** Components are functions of their props; they may return any Node. */
  type ElementType = (props: any) => Node;
  /** No class components. */
  interface ElementClass {}
  /** Children are checked as the children prop. */
  interface ElementChildrenAttribute {
    children: {};
  }
  /** No lowercase (intrinsic) elements: every element is a component. */
  interface IntrinsicElements {}
  /** key is an ordinary attribute in tfkit, not a React key. */
  interface IntrinsicAttributes {}
}
