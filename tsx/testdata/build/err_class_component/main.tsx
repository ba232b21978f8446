import { Resource } from "tfkit";
class Web {
  render() {
    return <Resource type="terraform_data" name="a" />;
  }
}
export default function App() {
  return <Web />;
}
