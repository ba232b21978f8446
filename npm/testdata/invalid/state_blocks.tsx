import { Check, Ephemeral, Import, Moved, Removed } from "tfkit";

export default function App() {
  return (
    <>
      {/* tsc-error TS2769 No overload matches this call */}
      <Moved from="aws_instance.a" />

      {/* tsc-error TS2769 No overload matches this call */}
      <Check assert={{ condition: "${true}", error_message: "x" }} />

      {/* tsc-error TS2769 No overload matches this call */}
      <Check name="no_assert" />

      {/* tsc-error TS2769 No overload matches this call */}
      <Import to="aws_instance.a" />

      {/* tsc-error TS2769 No overload matches this call */}
      <Import to="aws_instance.a" id="i-1" identity={{ id: "i-1" }} />

      {/* tsc-error TS2769 No overload matches this call */}
      <Removed from="aws_instance.a" lifecycle={{ destroy: "no" }} />

      {/* tsc-error TS2769 No overload matches this call */}
      <Moved from="aws_instance.a" to="aws_instance.b" form="typo" />

      {/* tsc-error TS2769 No overload matches this call */}
      <Ephemeral name="db" length={16} />

      {/* tsc-error TS2769 No overload matches this call */}
      <Moved from="aws_instance.a" to="aws_instance.b">{`from = aws_instance.c`}</Moved>
    </>
  );
}
