import { Provider, Resource, useRef } from "tfkit";

// §15.5 Provider Aliases
export default function App() {
  const virginiaRef = useRef();

  return (
    <>
      <Provider type="aws" region="ap-northeast-1" />
      <Provider type="aws" ref={virginiaRef} alias="virginia" region="us-east-1" />

      {/* provider omitted → default aws (Tokyo) */}
      <Resource type="aws_instance" name="tokyo" ami="ami-xxx" instance_type="t3.micro" />

      {/* reference provider via useRef → Virginia */}
      <Resource type="aws_instance" name="us" ami="ami-yyy" instance_type="t3.micro" provider={virginiaRef} />
    </>
  );
}
