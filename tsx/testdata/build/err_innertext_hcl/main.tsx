import { Resource } from "tfkit";

export default function App() {
  return (
    <>
      <Resource type="aws_security_group" name="web">
        {`
          name = "web"
          ingress {
            from_port = 443
            to_port   = = 443
          }
        `}
      </Resource>
    </>
  );
}
