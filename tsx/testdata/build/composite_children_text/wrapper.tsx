import { Resource } from "tfkit";

// Wrapper renders the body it is given inside a resource.
export function Wrapper(props: { name: string; children?: string }) {
  return <Resource type="null_resource" name={props.name}>{props.children}</Resource>;
}

// Outer passes its body on through Wrapper.
export function Outer(props: { children?: string }) {
  return <Wrapper name="outer">{props.children}</Wrapper>;
}
