import { Module } from "tfkit";

export default function App() {
  return (
    <>
      {/* tsc-error TS2769 Property 'bogus' does not exist */}
      <Module name="a" source="./modules/net" bogus={1} />

      {/* tsc-error TS2769 Type 'string' is not assignable to type 'BoolValue */}
      <Module name="b" source="./modules/net" enabled="yes" />

      {/* tsc-error TS2769 Property 'cidr' is missing */}
      <Module name="c" source="./modules/net" subnets={[{ zone: "a" }]} />
    </>
  );
}
