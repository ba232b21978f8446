import { Resource } from "tfkit";

// JSX joins the lines of its text with spaces; a body written as JSX text
// over several lines keeps them (it is read from this file), so each
// argument can have a line of its own. Text with a brace, an element or a
// character reference in it is JSX's, joined: &amp; stays one line.
export default function App() {
  return (
    <>
      <Resource type="null_resource" name="first">
        count = 2
        depends_on = [null_resource.second]
      </Resource>
      <Resource type="null_resource" name="second">
        count = 1

        # comments and blank lines are kept, as in a template literal
        depends_on = []
      </Resource>
      <Resource type="null_resource" name="one">count = 3</Resource>
      <Resource type="null_resource" name="entity">
        count = length("a&amp;b")
      </Resource>
    </>
  );
}
