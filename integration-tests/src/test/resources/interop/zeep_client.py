"""A GRC client written with Python zeep (not CXF): proves the published WSDL is consumable by another
SOAP toolkit. Prints KEY=..., STATE=..., SITE=... and FAULT=... lines for the Java test to check."""
import datetime
import sys
import time

import zeep
from zeep.exceptions import Fault
from zeep.wsa import WsAddressingPlugin

BINDING = '{http://doji.org/ns/2026/wsdl}GrcSoapBinding'


def main(grc_url):
    client = zeep.Client(grc_url + '?wsdl', plugins=[WsAddressingPlugin()])
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
    doc = resource.GetResourcePropertyDocument()
    for _ in range(600):
        if doc.state not in ('Planning', 'Reserving', 'Committing'):
            break
        time.sleep(0.1)
        doc = resource.GetResourcePropertyDocument()
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
        code = fault.detail.find('.//{http://doji.org/ns/2026/types}errorCode')
        print('FAULT=' + (code.text if code is not None else fault.message))


if __name__ == '__main__':
    main(sys.argv[1])
