"""A generic WS-BaseNotification client with Python zeep: it loads the OASIS WS-BaseNotification WSDL (through a
file that only binds its port types), not Doji's WSDL. It runs its own notification consumer (a plain HTTP server),
subscribes it to the producer it is given with a topic filter, and once a notification arrived renews and
unsubscribes at the subscription manager the Subscribe answer named. Prints "0 NAME=value" lines for the Java test;
"0 SUBSCRIBED=yes" tells the test to cause the state change.
Usage: zeep_wsn_client.py BINDING_WSDL PRODUCER_ADDRESS   (the address carries the resource key: ...?res=KEY)"""
import http.server
import queue
import sys
import threading

import zeep
from lxml import etree
from zeep.exceptions import Fault

NS = '{http://doji.org/it/oasis-wsn-client}'
WSNT = 'http://docs.oasis-open.org/wsn/b-2'
WSA = 'http://www.w3.org/2005/08/addressing'
TYPES = 'http://doji.org/ns/2026/types'
TOPICS = 'http://doji.org/ns/2026/topics'
SIMPLE = 'http://docs.oasis-open.org/wsn/t-1/TopicExpression/Simple'

received = queue.Queue()


class Consumer(http.server.BaseHTTPRequestHandler):
    """The notification consumer: keeps each Notify it is sent and answers 202 (a one-way message)."""

    def do_POST(self):
        received.put(self.rfile.read(int(self.headers.get('Content-Length', '0'))))
        self.send_response(202)
        self.end_headers()

    def log_message(self, *args):
        pass


def fault_name(fault):
    detail = fault.detail
    if detail is not None and len(detail):
        return detail[0].tag.split('}')[-1]
    return fault.message


def text(element, namespace, name):
    found = element.find('.//{%s}%s' % (namespace, name))
    return None if found is None else ''.join(found.itertext()).strip()


def main(wsdl, producer):
    server = http.server.HTTPServer(('127.0.0.1', 0), Consumer)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    consumer = 'http://127.0.0.1:%d/consumer' % server.server_port
    client = zeep.Client(wsdl)

    # the filter's xsd:any, written with lxml: the topic's prefix is declared where it is used
    topic = etree.Element('{%s}TopicExpression' % WSNT, Dialect=SIMPLE, nsmap={'wsnt': WSNT, 'dt': TOPICS})
    topic.text = 'dt:Cancelled'
    answer = client.create_service(NS + 'NotificationProducerSoap', producer).Subscribe(
        ConsumerReference={'Address': {'_value_1': consumer}}, Filter={'_value_1': [topic]},
        InitialTerminationTime='PT1H')
    subscription = answer.SubscriptionReference.Address._value_1
    print('0 SUBSCRIPTION=%s' % subscription)
    print('0 SUBSCRIBED=yes', flush=True)

    notify = etree.fromstring(received.get(timeout=90))
    message = notify.find('.//{%s}NotificationMessage' % WSNT)
    topic_text = text(message, WSNT, 'Topic')
    print('0 TOPIC=%s' % topic_text)
    print('0 TOPIC_NS=%s' % message.find('{%s}Topic' % WSNT).nsmap.get(topic_text.split(':')[0]))
    print('0 STATE=%s' % text(message, TYPES, 'coAllocationState'))
    print('0 PRODUCER=%s' % text(message.find('{%s}ProducerReference' % WSNT), WSA, 'Address'))
    print('0 NOTIFIED_SUBSCRIPTION=%s' % text(message.find('{%s}SubscriptionReference' % WSNT), WSA, 'Address'))

    manager = client.create_service(NS + 'SubscriptionManagerSoap', subscription)
    renewed = manager.Renew(TerminationTime='PT10M')
    print('0 RENEWED=%s' % (renewed.TerminationTime is not None))
    manager.Unsubscribe()
    print('0 UNSUBSCRIBED=yes')
    try:
        manager.Unsubscribe()
        print('0 AFTER=still there')
    except Fault as fault:
        print('0 AFTER=%s' % fault_name(fault))
    sys.stdout.flush()


if __name__ == '__main__':
    main(sys.argv[1], sys.argv[2])
