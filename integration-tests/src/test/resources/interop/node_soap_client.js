// node-soap (npm "soap") against every Doji WSDL: load each, read the client's description of it, and call one
// operation. Usage: node node_soap_client.js MODULE_DIR URL... (MODULE_DIR holds node_modules/soap).
// Prints one JSON line per WSDL. The RM port type has an operation named "describe", which node-soap puts on
// the client as client.describe / client.describeAsync, over its own describe(): the client's description of
// the WSDL is then client.wsdl.describeServices() (what node-soap's describe() returns), as docs/interop.md says.
'use strict';
const path = require('path');
const soap = require(path.join(process.argv[2], 'node_modules', 'soap'));

async function one(url) {
  const client = await soap.createClientAsync(url + '?wsdl', { endpoint: url });
  const services = client.wsdl.describeServices();
  const service = Object.keys(services)[0];
  const port = Object.keys(services[service])[0];
  const operations = Object.keys(services[service][port]).sort();
  const out = { url, service, port, operations };
  if (operations.includes('describe')) {
    const [answer] = await client.describeAsync({});
    out.called = 'describe';
    out.answer = answer;
  } else if (operations.includes('listResourceManagers')) {
    const [answer] = await client.listResourceManagersAsync({});
    out.called = 'listResourceManagers';
    out.answer = answer;
  }
  return out;
}

(async () => {
  let failed = false;
  for (const url of process.argv.slice(3)) {
    try {
      console.log(JSON.stringify(await one(url)));
    } catch (e) {
      failed = true;
      console.log(JSON.stringify({ url, error: String(e && e.message || e) }));
    }
  }
  process.exit(failed ? 1 : 0);
})();
