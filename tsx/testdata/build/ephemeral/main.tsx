import { Ephemeral, Locals, Provider, Resource, useRef } from "tfkit";

// Ephemeral resources: written like data sources, read as ephemeral.type.name.
export default function App() {
  const second = useRef();
  const seed = useRef();
  const pw = useRef();
  const pin = useRef();
  return (
    <>
      <Provider type="random" alias="second" ref={second} />
      <Resource type="random_id" name="seed" ref={seed} byte_length={4} />
      <Ephemeral type="random_password" name="db" ref={pw}
        length={16}
        special={false}
        provider={second}
        depends_on={[seed]}
        lifecycle={{ postcondition: { condition: "${length(self.result) == 16}", error_message: "Too short." } }}
      />
      <Ephemeral type="random_password" name="pin" ref={pin}>
        {() => `
          count   = 2
          length  = 4
          numeric = true
        `}
      </Ephemeral>
      <Locals db_password={pw.result} pins={[pin[0].result, pin[1].result]} />
    </>
  );
}
