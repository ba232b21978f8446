// A type-only import of React is erased before bundling; a value import of
// it is refused, installed or not: tfkit has its own runtime.
import type { ReactNode } from "react";
import React, { useMemo } from "react";
import { Resource } from "tfkit";

export default function App(): ReactNode {
  const name = useMemo(() => "a", []);
  return React.createElement(Resource, { type: "null_resource", name });
}
