"""A generic WS-RF client with Python zeep: it loads the OASIS WS-ResourceProperties and WS-ResourceLifetime WSDLs
(through a file that only binds their port types), not Doji's WSDL, and reads, queries and destroys the resources
whose addresses it is given. Prints "<n> NAME=value" lines for the Java test to check.
Usage: zeep_wsrf_client.py BINDING_WSDL ADDRESS...   (an address carries its resource key: ...?res=KEY)"""
import sys

import zeep
from lxml import etree
from zeep.exceptions import Fault

NS = '{http://doji.org/it/oasis-wsrf-client}'
XPATH = 'http://www.w3.org/TR/1999/REC-xpath-19991116'
TYPES = '{http://doji.org/ns/2026/types}'
RP = '{http://docs.oasis-open.org/wsrf/rp-2}'


def port(client, port_type, address):
    return client.create_service(NS + port_type + 'Soap', address)


def query(client, address, xpath):
    """QueryResourceProperties: zeep builds the message from the OASIS schema, but it does not model mixed content,
    so the expression's text is written, and the answer's text read, with lxml."""
    service = port(client, 'QueryResourceProperties', address)
    operation = service._binding.get('QueryResourceProperties')
    message = client.create_message(service, 'QueryResourceProperties', QueryExpression={'Dialect': XPATH})
    message.find('.//' + RP + 'QueryExpression').text = xpath
    answer = client.transport.post_xml(address, message, {'SOAPAction': '"%s"' % operation.soapaction,
                                                           'Content-Type': 'text/xml; charset=utf-8'})
    if answer.status_code != 200:
        raise RuntimeError('QueryResourceProperties answered %d: %s' % (answer.status_code, answer.content[:500]))
    result = etree.fromstring(answer.content).find('.//' + RP + 'QueryResourcePropertiesResponse')
    return ''.join(result.itertext()).strip()


def fault_name(fault):
    detail = fault.detail
    if detail is not None and len(detail):
        return detail[0].tag.split('}')[-1]
    return fault.message


def main(wsdl, addresses):
    client = zeep.Client(wsdl)
    for n, address in enumerate(addresses):
        # the answer's xsd:any: the document as XML (zeep does not know Doji's schema, and needs not)
        answer = port(client, 'GetResourcePropertyDocument', address).GetResourcePropertyDocument()
        document = answer if hasattr(answer, 'tag') else getattr(answer, '_value_1', answer)
        print('%d DOCUMENT=%s' % (n, document.tag.split('}')[-1]))
        print('%d KEY=%s' % (n, document.find(TYPES + 'key').text))
        state = 'state' if document.tag.endswith('CoAllocationDocument') else 'lifecycleState'
        print('%d QUERY=%s' % (n, query(client, address, "string(/*/*[local-name()='%s'])" % state)))
        port(client, 'ImmediateResourceTermination', address).Destroy()
        print('%d DESTROYED=yes' % n)
        try:
            port(client, 'GetResourcePropertyDocument', address).GetResourcePropertyDocument()
            print('%d AFTER=still there' % n)
        except Fault as fault:
            print('%d AFTER=%s' % (n, fault_name(fault)))


if __name__ == '__main__':
    main(sys.argv[1], sys.argv[2:])
