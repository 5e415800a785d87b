package org.doji.grc.notify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.doji.rm.fault.DojiException;
import org.junit.jupiter.api.Test;

/**
 * The only outbound requests a user can aim: which consumers the GRC notifies. Every address class a user could use
 * to reach into the operator's network, by literal and by a name that resolves there, with and without an
 * operator's list, with security on and off; and a name that resolves elsewhere between Subscribe and delivery.
 */
class ConsumerPolicyTest {

    /** A resolver the test controls (names it does not know do not resolve). */
    private final Map<String, String[]> dns = new HashMap<>();
    private final ConsumerPolicy.Resolver resolver = host -> {
        if (dns.containsKey(host)) {
            InetAddress[] out = new InetAddress[dns.get(host).length];
            for (int i = 0; i < out.length; i++) {
                out[i] = InetAddress.getByName(dns.get(host)[i]); // literals: no lookup
            }
            return out;
        }
        if (host.matches("[0-9.]+") || host.contains(":")) {
            return new InetAddress[] {InetAddress.getByName(host)};
        }
        throw new UnknownHostException(host);
    };

    private static final List<String> INSIDE = List.of(
            "http://127.0.0.1/", "http://127.1.2.3:8080/x", "http://[::1]/", "http://0.0.0.0/", "http://[::]/",
            "http://169.254.169.254/latest/meta-data/", "http://[fe80::1]/", "http://10.0.0.1/", "http://172.16.5.4/",
            "http://172.31.255.255/", "http://192.168.1.1/", "http://[fc00::1]/", "http://[fd12:3456::1]/",
            "http://100.64.0.1/", "http://[::ffff:127.0.0.1]/", "http://[::ffff:10.0.0.1]/", "http://224.0.0.1/",
            "http://2130706433/", "http://0x7f000001/");

    @Test
    void withoutAListAndSecurityOffEveryAddressClassInsideTheOperatorsNetworkIsRefused() {
        ConsumerPolicy open = new ConsumerPolicy(List.of(), false, resolver);
        for (String address : INSIDE) {
            assertThat(open.refusal(address)).as(address).isNotNull();
        }
        assertThatThrownBy(() -> open.check("http://127.0.0.1:9/c")).isInstanceOfSatisfying(DojiException.class,
                e -> assertThat(e.errorCode()).isEqualTo("CONSUMER_NOT_ALLOWED"));
        // names that resolve inside, among other addresses or alone
        dns.put("intranet.example", new String[] {"10.1.2.3"});
        dns.put("mixed.example", new String[] {"93.184.216.34", "192.168.0.7"});
        dns.put("localhost", new String[] {"127.0.0.1", "::1"});
        for (String address : List.of("http://intranet.example/", "https://mixed.example/n", "http://localhost:8080/",
                "http://LOCALHOST./")) {
            assertThat(open.refusal(address)).as(address).isNotNull();
        }
        dns.put("portal.example.org", new String[] {"93.184.216.34", "2606:2800:220:1::1"});
        assertThat(open.refusal("https://portal.example.org/notify")).isNull();
        assertThat(open.refusal("http://93.184.216.34:8080/n")).isNull();
        assertThat(open.refusal("http://unknown.example/")).as("a host that does not resolve").contains("cannot be resolved");
    }

    @Test
    void withSecurityOnOnlyListedConsumersAreNotifiedAndNoneWithoutAList() {
        dns.put("portal.example.org", new String[] {"93.184.216.34"});
        ConsumerPolicy none = new ConsumerPolicy(List.of(), true, resolver);
        assertThat(none.refusal("https://portal.example.org/notify")).contains("until its operator allows");
        ConsumerPolicy listed = new ConsumerPolicy(List.of("https://portal.example.org/notify/"), true, resolver);
        assertThat(listed.refusal("https://portal.example.org/notify/alice")).isNull();
        assertThat(listed.refusal("https://PORTAL.example.org./notify/alice")).isNull();
        for (String other : List.of("http://portal.example.org/notify/alice", "https://portal.example.org:8443/notify/a",
                "https://portal.example.org/admin", "https://portal.example.org/notify/../admin",
                "https://portal.example.org.evil.example/notify/", "https://portal.example.org@10.0.0.1/notify/",
                "https://evil.example/?https://portal.example.org/notify/", "https://10.0.0.1/notify/")) {
            assertThat(listed.refusal(other)).as(other).isNotNull();
        }
    }

    @Test
    void aListedAddressInsideTheNetworkIsAllowedAndOnlyThatOne() {
        ConsumerPolicy list = new ConsumerPolicy(List.of("http://127.0.0.1:", "http://10.0.0.5:8080/hooks/",
                "http://[::1]:*"), false, resolver);
        assertThat(list.refusal("http://127.0.0.1:40123/c")).isNull();
        assertThat(list.refusal("http://127.0.0.1/c")).isNull();
        assertThat(list.refusal("http://[::1]:9/c")).isNull();
        assertThat(list.refusal("http://10.0.0.5:8080/hooks/a")).isNull();
        for (String other : List.of("http://10.0.0.5:8081/hooks/a", "http://10.0.0.5:8080/other", "http://10.0.0.6:8080/hooks/",
                "http://127.0.0.2/c", "http://169.254.169.254/", "http://127.0.0.1:80@169.254.169.254/")) {
            assertThat(list.refusal(other)).as(other).isNotNull();
        }
        assertThatThrownBy(() -> new ConsumerPolicy(List.of("ftp://x/"), false, resolver))
                .isInstanceOf(IllegalArgumentException.class);
    }

    /** DNS can change: a name that resolved outside at Subscribe and inside at delivery is refused at delivery. */
    @Test
    void theCheckAtDeliverySeesWhatTheNameResolvesToNow() {
        ConsumerPolicy open = new ConsumerPolicy(List.of(), false, resolver);
        dns.put("rebind.example", new String[] {"93.184.216.34"});
        open.check("http://rebind.example/c");
        dns.put("rebind.example", new String[] {"169.254.169.254"});
        assertThat(open.refusal("http://rebind.example/c")).contains("link-local");
    }
}
