import { Terraform, Variable, Provider, Resource, tf } from "tfkit";

// OpenTofu's language: state and plan encryption, and providers with
// for_each whose instances resources select.
export default function App() {
  return (
    <>
      <Terraform
        required_providers={{
          local: { source: "hashicorp/local", version: "2.9.0" },
          random: { source: "hashicorp/random", version: "3.9.0" },
        }}
        encryption={{
          key_provider: { pbkdf2: { main: { passphrase: "correct-horse-battery-staple" } } },
          method: {
            aes_gcm: { main: { keys: tf.raw("key_provider.pbkdf2.main") } },
            unencrypted: { migrate: {} },
          },
          state: {
            method: tf.raw("method.aes_gcm.main"),
            fallback: { method: tf.raw("method.unencrypted.migrate") },
          },
          plan: { method: tf.raw("method.aes_gcm.main"), enforced: true },
        }}
      />
      <Variable name="names" type="set(string)" default={["a", "b"]} />
      <Provider type="random" alias="by_name" for_each={tf.var("names")} />
      <Resource type="random_pet" name="a" provider={tf.raw('random.by_name["a"]')} />
      <Resource type="random_pet" name="b" provider={tf.raw('random.by_name["b"]')} />
    </>
  );
}
