// node-soap (npm "soap") against every Doji WSDL: load each, read the client's description of it, and call one
// operation. Usage: node node_soap_client.js MODULE_DIR URL... (MODULE_DIR holds node_modules/soap).
// Prints one JSON line per WSDL: the operations, node-soap's description of the WSDL and the answer of one call.
// The RM port type has an operation named "describe", which node-soap puts on the client as client.describe /
// client.describeAsync, over its own describe(): the client's description of such a WSDL is then
// client.wsdl.describeServices() (what node-soap's describe() returns), as docs/interop.md says.
'use strict';
const path = require('path');
const soap = require(path.join(process.argv[2], 'node_modules', 'soap'));

// every operation of every port of every service of a description, sorted
function operationsOf(description) {
  const names = new Set();
  for (const service of Object.values(description)) {
    for (const port of Object.values(service)) {
      Object.keys(port).forEach((op) => names.add(op));
    }
  }
  return [...names].sort();
}

async function one(url) {
  const client = await soap.createClientAsync(url + '?wsdl', { endpoint: url });
  const services = client.wsdl.describeServices();
  const service = Object.keys(services)[0];
  const port = Object.keys(services[service])[0];
  const operations = operationsOf(services);
  const out = { url, services: Object.keys(services).sort(), service, port, operations };
  // node-soap's own description of the WSDL: client.describe(), unless an operation of that name takes its place
  // (the RM port type's describe), where client.wsdl.describeServices() is the same description
  if (operations.includes('describe')) {
    out.describedBy = 'client.wsdl.describeServices()';
    out.described = operationsOf(services);
  } else {
    const described = client.describe();
    out.describedBy = 'client.describe()';
    out.described = operationsOf(described);
    out.sameAsDescribeServices = JSON.stringify(described) === JSON.stringify(services);
  }
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
