"""A GRC client written with Python zeep (not CXF): proves the published WSDL is consumable by another
SOAP toolkit. Prints KEY=..., STATE=..., SITE=... and FAULT=... lines for the Java test to check."""
import datetime
import sys
import time

import zeep
from zeep.exceptions import Fault

BINDING = '{http://doji.org/ns/2026/wsdl}GrcSoapBinding'
DOCUMENT = '{http://doji.org/ns/2026/types}CoAllocationDocument'


def document(client, resource):
    """OASIS GetResourcePropertyDocument answers the document in an xsd:any: zeep hands it over as XML (or already
    parsed when it resolves the element), and the WSDL's own schema reads it."""
    answer = resource.GetResourcePropertyDocument()
    any_value = getattr(answer, '_value_1', answer)
    if hasattr(any_value, 'tag'):
        return client.get_element(DOCUMENT).parse(any_value, client.wsdl.types)
    return any_value


def main(grc_url):
    # no WsAddressingPlugin: zeep adds the WS-Addressing headers itself to the operations whose WSDL declares a
    # wsam:Action (the OASIS WS-RF ones), and the plugin would add them a second time (a refused message)
    client = zeep.Client(grc_url + '?wsdl')
    grc = client.create_service(BINDING, grc_url)
    start = (datetime.datetime.now(datetime.timezone.utc).replace(minute=0, second=0, microsecond=0)
             + datetime.timedelta(days=3))
    request = {
        'site': [{'id': 'x', 'cores': 2}, {'id': 'y', 'cores': 2}],
        'link': [{'from': 'x', 'to': 'y', 'bandwidthMbps': 100}],
        'time': {'fixed': {'start': start, 'end': start + datetime.timedelta(hours=1)}},
        'policy': 'CHEAPEST',
    }
    epr = grc.createCoAllocation(correlationId='zeep-%d' % time.time_ns(), request=request)
    address = epr.Address._value_1 if hasattr(epr.Address, '_value_1') else epr.Address
    print('ADDRESS=' + address)
    resource = client.create_service(BINDING, address)
    doc = document(client, resource)
    for _ in range(600):
        if doc.state not in ('Planning', 'Reserving', 'Committing'):
            break
        time.sleep(0.1)
        doc = document(client, resource)
    print('KEY=' + doc.key)
    print('STATE=' + doc.state)
    for site in doc.plan.site if doc.plan is not None else []:
        print('SITE=%s:%s:%d' % (site.requestSite, site.site, site.cores))

    bad = dict(request)
    bad['time'] = {'fixed': {'start': start, 'end': start - datetime.timedelta(hours=1)}}
    try:
        grc.createCoAllocation(correlationId='zeep-bad-%d' % time.time_ns(), request=bad)
        print('FAULT=none')
    except Fault as fault:
        code = fault.detail.find('.//{http://docs.oasis-open.org/wsrf/bf-2}ErrorCode')
        print('FAULT=' + (code.text if code is not None else fault.message))


if __name__ == '__main__':
    main(sys.argv[1])
