import { Resource } from "tfkit";
import { subnets } from "./subnets";

export default function App() {
  return <>{subnets(0)}</>;
}
