package org.doji.grc.config;

import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * This GRC as one of several replicas on one database ({@code doji.grc.replica.*}).
 *
 * @param id    the replica's name, unique among the live replicas (default: host name and process id); a replica
 *              started again with its earlier id takes back that process's unfinished work at once, one with a new
 *              id lets the others take it over once the old lease ran out
 * @param lease how long a replica's claims on its work stay valid without a renewal (renewed every third of
 *              it); a dead replica's unfinished work is taken over by another within about one and a half leases
 */
@ConfigurationProperties("doji.grc.replica")
public record ReplicaProperties(String id, @DefaultValue("PT10S") Duration lease) {

    public ReplicaProperties {
        if (id == null || id.isBlank()) {
            id = host() + "-" + ManagementFactory.getRuntimeMXBean().getPid();
        }
        if (id.length() > 128) {
            throw new IllegalArgumentException("doji.grc.replica.id must have at most 128 characters, was " + id);
        }
        if (lease == null || lease.compareTo(Duration.ofSeconds(1)) < 0) {
            throw new IllegalArgumentException("doji.grc.replica.lease must be at least PT1S, was " + lease);
        }
    }

    private static String host() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (java.io.IOException e) {
            return "grc";
        }
    }
}
