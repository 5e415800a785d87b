#!/usr/bin/env python3
"""Self time of JFR CPU samples (collapsed stacks) by component: each sample is charged to its leaf-most frame
that is not JDK plumbing (java.*, jdk.*, sun.*), or to the JDK area if the whole stack is JDK. Also inclusive
shares for a few markers. Usage: breakdown.py FILE.collapsed"""
import re, sys, collections
CATS = [
    ("H2 (SQL engine, MVStore, fsync)", r"^org\.h2\."),
    ("Hibernate / Spring Data / JPA", r"^(org\.hibernate|org\.springframework\.data|org\.springframework\.orm|jakarta\.persistence)"),
    ("Hikari pool / JDBC", r"^com\.zaxxer"),
    ("Spring transactions / AOP / beans", r"^org\.springframework\.(transaction|aop|beans|context|core|util)"),
    ("CXF (SOAP, WS-Addressing, interceptors)", r"^org\.apache\.cxf"),
    ("JAXB (marshal, unmarshal)", r"^(org\.glassfish\.jaxb|com\.sun\.xml\.bind|jakarta\.xml\.bind|com\.sun\.istack)"),
    ("XML parse/write (Woodstox, StAX, DOM, XSD)", r"^(com\.ctc\.wstx|org\.codehaus\.stax2|com\.sun\.org\.apache\.xerces|com\.sun\.org\.apache\.xml|org\.apache\.xerces|javax\.xml|org\.w3c|com\.sun\.xml\.internal|org\.apache\.ws\.commons)"),
    ("Tomcat / HTTP server", r"^(org\.apache\.(tomcat|catalina|coyote))"),
    ("Spring web / security filters", r"^org\.springframework\.(web|security|boot)"),
    ("HTTP client (HttpURLConnection, sockets)", r"^(sun\.net|java\.net|sun\.nio\.ch|java\.nio)"),
    ("Jackson JSON", r"^com\.fasterxml"),
    ("Logging (Logback, SLF4J)", r"^(ch\.qos\.logback|org\.slf4j|org\.apache\.logging)"),
    ("Micrometer metrics", r"^io\.micrometer"),
    ("Doji planner library", r"^org\.doji\.grc\.planner"),
    ("Doji code (own frames)", r"^org\.doji"),
]
JDK = re.compile(r"^(java\.|jdk\.|sun\.|javax\.(?!xml)|com\.sun\.(?!org|xml)|\[|Interpreter|unknown)")
rx = [(n, re.compile(p)) for n, p in CATS]
def cat(frame):
    for n, r in rx:
        if r.search(frame):
            return n
    return None
self_ = collections.Counter(); incl = collections.Counter(); total = 0
MARK = {"DB transaction (TransactionTemplate.execute, repositories)": r"TransactionTemplate\.execute|TransactionInterceptor\.invoke",
        "outgoing SOAP call (CXF client: JaxWsClientProxy / ClientProxy.invoke)": r"(JaxWsClientProxy|ClientProxy)\.invoke",
        "incoming SOAP call (CXF servlet)": r"AbstractHTTPServlet\.service|CXFNonSpringServlet|AbstractHTTPServlet\.handleRequest",
        "planning (IntegerProgramPlanner)": r"IntegerProgramPlanner\.|org\.doji\.grc\.planner",
        "logging (any Logback frame)": r"ch\.qos\.logback",
        "H2 (any frame)": r"^org\.h2|;org\.h2",
        "JAXB (any frame)": r"glassfish\.jaxb|com\.sun\.xml\.bind",
        "periodic ticks (PeriodicTask)": r"PeriodicTask",
        "notification delivery (NotificationDelivery)": r"NotificationDelivery",
        "GRC transaction driver (org.doji.grc.tx.TransactionDriver)": r"org\.doji\.grc\.tx\.TransactionDriver",
        "fsync (FileChannel.force / FileDispatcherImpl.force)": r"FileDispatcherImpl\.force|FileChannelImpl\.force"}
mrx = {k: re.compile(v) for k, v in MARK.items()}
for line in open(sys.argv[1]):
    line = line.rstrip("\n")
    if not line: continue
    stack, n = line.rsplit(" ", 1); n = int(n); total += n
    frames = stack.split(";")
    c = None
    for f in reversed(frames):
        if JDK.search(f):
            continue
        c = cat(f) or "other libraries"
        break
    if c is None:
        leaf = frames[-1]
        c = "JDK only (" + (".".join(leaf.split(".")[:2])) + ")"
    self_[c] += n
    for k, r in mrx.items():
        if any(r.search(f) for f in frames):
            incl[k] += n
print(f"samples: {total}")
print("self time by component (share of CPU samples):")
for k, v in self_.most_common(25):
    print(f"  {100*v/total:5.1f} %  {k}")
print("inclusive (a sample counts under every marker on its stack):")
for k, v in sorted(incl.items(), key=lambda x: -x[1]):
    print(f"  {100*v/total:5.1f} %  {k}")
