import { Output, Resource, Terraform, useRef } from "tfkit";

// §10 of the design: the environment is decided at build time. Build once
// per environment into its own directory:
//
//   ENV=dev  tfkit synth main.tsx --out out/dev
//   ENV=prod tfkit synth main.tsx --out out/prod
//
// No condition remains in the generated main.tf.
const env = process.env.ENV ?? "dev";

type Settings = { replicas: number; passwordLength: number; keepFor: string };

const settings: Record<string, Settings> = {
  dev: { replicas: 1, passwordLength: 16, keepFor: "24h" },
  prod: { replicas: 3, passwordLength: 32, keepFor: "720h" },
};

export default function App() {
  const s = settings[env];
  if (!s) {
    throw new Error(`unknown ENV ${JSON.stringify(env)}: use one of ${Object.keys(settings).join(", ")}`);
  }
  const password = useRef();
  return (
    <>
      <Terraform
        required_providers={{
          random: { source: "hashicorp/random", version: ">= 3.0" },
          time: { source: "hashicorp/time", version: ">= 0.9" },
        }}
      />
      <Resource type="random_password" name="admin" ref={password} length={s.passwordLength} special={env === "prod"} />
      {Array.from({ length: s.replicas }, (_, i) => (
        <Resource type="random_id" name={`replica_${i}`} byte_length={4} prefix={`${env}-${i}-`} />
      ))}
      <Resource type="time_rotating" name="credentials" rotation_hours={parseInt(s.keepFor)} />
      {env === "prod" && <Output name="admin_password" value={password.result} sensitive={true} />}
      <Output name="environment" value={env} />
    </>
  );
}
