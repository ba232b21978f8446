import { Resource } from "tfkit";

// key on an element of a list built by code, as React habit writes it: the
// index, the element's own name or the item its name is made from. It is an
// attribute all the same, with a warning; a real key attribute
// (key={`files/${n}`}) is not warned about.

const names = ["a", "b"];

export default function App() {
  return (
    <>
      {names.map((n, i) => <Resource key={i} type="aws_s3_bucket_object" bucket="assets" name={n} />)}
      {names.map((n) => <Resource key={`files/${n}`} type="aws_s3_bucket_object" bucket="assets" name={`f${n}`} />)}
      {names.map((n) => <Resource key={n + "x"} type="aws_s3_bucket_object" bucket="assets" name={n + "x"} />)}
      {names.map((n) => <Resource key={n} type="random_pet" name={`pet_${n}`} />)}
    </>
  );
}
