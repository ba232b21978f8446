// Times cdktf's provider binding generator (@cdktf/provider-generator, the
// code behind `cdktf get`) on a saved provider schema: TypeScript bindings,
// no engine run. Usage: node bindings.js SCHEMA.json OUTDIR
const fs = require("fs");
const { generateProviderBindingsFromSchema } = require("@cdktf/provider-generator");

const [schemaFile, out] = process.argv.slice(2);
if (!schemaFile || !out) {
  console.error("usage: node bindings.js SCHEMA.json OUTDIR");
  process.exit(2);
}
const start = process.hrtime.bigint();
const schema = JSON.parse(fs.readFileSync(schemaFile, "utf8"));
generateProviderBindingsFromSchema(out, schema).then(() => {
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  console.log(`cdktf TypeScript bindings: ${ms.toFixed(0)} ms (reading the schema included)`);
});
