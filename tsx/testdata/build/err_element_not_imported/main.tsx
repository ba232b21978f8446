export default function App() {
  return <Resource type="null_resource" name="a" />;
}
