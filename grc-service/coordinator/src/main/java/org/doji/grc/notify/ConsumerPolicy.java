package org.doji.grc.notify;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;
import org.doji.rm.fault.DojiException;

/**
 * Which consumers the GRC may send notifications to: the only outbound requests a user can aim. An operator lists
 * the allowed consumers ({@code doji.grc.notifications.consumers}: {@code scheme://host[:port][/path]}; a port of
 * {@code *}, or a bare {@code :}, allows any port; without one only the scheme's default port), matched on the
 * parsed address, not its text. A consumer that matches an entry is allowed whatever it resolves to: the operator
 * named it. Any other consumer is refused when the list is not empty or security is on (outbound requests are off
 * until allowed); with neither (a demo), it is refused when its host resolves to an address inside the operator's
 * network — loopback, link-local (cloud metadata services), private and unique-local ranges, carrier-grade NAT,
 * unspecified, multicast — so such an address is reached only when listed explicitly. The same check runs again
 * before every delivery: a name may resolve elsewhere by then.
 */
public final class ConsumerPolicy {

    /** Resolves a host name to its addresses (the JVM's resolver, with its cache, in a deployment). */
    public interface Resolver {
        InetAddress[] resolve(String host) throws UnknownHostException;
    }

    public static final Resolver DNS = InetAddress::getAllByName;

    /** Any consumer but inside the operator's network, without a list and with security off. */
    public static final ConsumerPolicy OPEN = new ConsumerPolicy(List.of(), false, DNS);

    private static final String FIELD = "ConsumerReference/Address";

    private final List<Entry> allowed;
    private final boolean listRequired;
    private final Resolver resolver;

    /**
     * @param allowed      the operator's list (empty: none)
     * @param listRequired only listed consumers (security is on)
     */
    public ConsumerPolicy(List<String> allowed, boolean listRequired, Resolver resolver) {
        this.allowed = allowed.stream().map(Entry::parse).toList();
        this.listRequired = listRequired;
        this.resolver = resolver;
    }

    public boolean listRequired() {
        return listRequired;
    }

    /** Refuses (CONSUMER_NOT_ALLOWED, the caller's error) a consumer this GRC may not notify; nothing if it may. */
    public void check(String address) {
        String why = refusal(address);
        if (why != null) {
            throw DojiException.invalidField(FIELD, "CONSUMER_NOT_ALLOWED", why);
        }
    }

    /** Why the GRC may not send to {@code address} now, or null if it may. */
    public String refusal(String address) {
        URI uri;
        try {
            uri = new URI(address).normalize();
        } catch (URISyntaxException e) {
            return "the consumer address is not a URI";
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https") || uri.getHost() == null) {
            return "the consumer address must be an absolute http or https URL";
        }
        if (uri.getRawUserInfo() != null) {
            return "the consumer address must not carry user information (user@host)";
        }
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        if (path.contains("/../") || path.endsWith("/..")) {
            return "the consumer address's path must not climb above its root";
        }
        String host = host(uri.getHost());
        int port = uri.getPort() < 0 ? defaultPort(scheme) : uri.getPort();
        for (Entry e : allowed) {
            if (e.matches(scheme, host, port, path)) {
                return null; // named by the operator
            }
        }
        if (!allowed.isEmpty() || listRequired) {
            return allowed.isEmpty()
                    ? "this GRC notifies no consumers until its operator allows them (doji.grc.notifications.consumers)"
                    : "this GRC delivers notifications only to consumers under "
                            + String.join(", ", allowed.stream().map(Entry::text).toList());
        }
        InetAddress[] addresses;
        try {
            addresses = resolver.resolve(host);
        } catch (UnknownHostException e) {
            return "the consumer's host " + host + " cannot be resolved";
        }
        for (InetAddress a : addresses) {
            String range = internalRange(a);
            if (range != null) {
                return "the consumer " + host + " is a " + range + " address (" + a.getHostAddress() + "), inside the"
                        + " operator's network: this GRC notifies such a consumer only when its operator lists it"
                        + " (doji.grc.notifications.consumers)";
            }
        }
        return null;
    }

    /** The range an address lies in if it is one a user must not make the GRC reach unlisted, or null. */
    static String internalRange(InetAddress a) {
        if (a.isLoopbackAddress()) {
            return "loopback";
        }
        if (a.isAnyLocalAddress()) {
            return "unspecified";
        }
        if (a.isLinkLocalAddress()) {
            return "link-local";
        }
        if (a.isSiteLocalAddress()) {
            return "private";
        }
        if (a.isMulticastAddress()) {
            return "multicast";
        }
        byte[] b = a.getAddress();
        if (a instanceof Inet4Address) {
            int first = b[0] & 0xff;
            int second = b[1] & 0xff;
            if (first == 0) {
                return "unspecified";
            }
            if (first == 100 && second >= 64 && second <= 127) {
                return "carrier-grade NAT (shared)";
            }
            if (first == 198 && (second == 18 || second == 19)) {
                return "benchmarking";
            }
            if (first >= 240) {
                return "reserved";
            }
        } else if (a instanceof Inet6Address) {
            if ((b[0] & 0xfe) == 0xfc) {
                return "unique-local";
            }
            boolean mapped = true; // ::ffff:a.b.c.d that the JDK did not turn into an IPv4 address
            for (int i = 0; i < 10; i++) {
                mapped &= b[i] == 0;
            }
            if (mapped && (b[10] & 0xff) == 0xff && (b[11] & 0xff) == 0xff) {
                try {
                    return internalRange(InetAddress.getByAddress(new byte[] {b[12], b[13], b[14], b[15]}));
                } catch (UnknownHostException e) {
                    return "reserved";
                }
            }
        }
        return null;
    }

    private static String host(String host) {
        String h = host.toLowerCase(Locale.ROOT);
        if (h.startsWith("[") && h.endsWith("]")) {
            h = h.substring(1, h.length() - 1);
        }
        return h.endsWith(".") ? h.substring(0, h.length() - 1) : h;
    }

    private static int defaultPort(String scheme) {
        return scheme.equals("https") ? 443 : 80;
    }

    /** One allowed consumer: scheme, host, port (0: any) and path prefix. */
    private record Entry(String text, String scheme, String host, int port, String path) {

        static Entry parse(String text) {
            String t = text.strip();
            int any = -1;
            // "http://host:" and "http://host:*" (any port) are no URIs Java parses as such
            String parsed = t.replaceFirst("^(https?://[^/]*):\\*?(/|$)", "$1$2");
            if (!parsed.equals(t)) {
                any = 0;
            }
            URI uri;
            try {
                uri = new URI(parsed);
            } catch (URISyntaxException e) {
                throw new IllegalArgumentException("consumers: " + t + " is not an http(s) URL");
            }
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if (!scheme.equals("http") && !scheme.equals("https") || uri.getHost() == null || uri.getRawUserInfo() != null) {
                throw new IllegalArgumentException("consumers: " + t + " must be an http(s) URL with a host (and no user)");
            }
            int port = any == 0 ? 0 : uri.getPort() < 0 ? defaultPort(scheme) : uri.getPort();
            String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
            return new Entry(t, scheme, ConsumerPolicy.host(uri.getHost()), port, path);
        }

        boolean matches(String scheme, String host, int port, String path) {
            return this.scheme.equals(scheme) && this.host.equals(host) && (this.port == 0 || this.port == port)
                    && (path.startsWith(this.path) || (path + "/").equals(this.path));
        }
    }
}
