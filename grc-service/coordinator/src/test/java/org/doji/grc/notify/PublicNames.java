package org.doji.grc.notify;

import java.net.InetAddress;

/** Tests' resolver: every host name resolves to one public address; address literals are themselves. */
final class PublicNames {

    static final ConsumerPolicy.Resolver RESOLVER = host -> {
        if (host.matches("[0-9.]+") || host.contains(":")) {
            return new InetAddress[] {InetAddress.getByName(host)};
        }
        return new InetAddress[] {InetAddress.getByAddress(host, new byte[] {93, (byte) 184, (byte) 216, 34})};
    };

    /** No list, security off: any consumer outside the operator's network, names resolving publicly. */
    static final ConsumerPolicy OPEN = new ConsumerPolicy(java.util.List.of(), false, RESOLVER);

    private PublicNames() {
    }
}
