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
 * @param claims where work is claimed: {@code database} (across replicas), {@code local} (this JVM only), or
 *              {@code auto}: in the database, unless it is an embedded H2 file or memory database, which only
 *              this process can open (no other replica can share it; a claim would only cost a commit)
 */
@ConfigurationProperties("doji.grc.replica")
public record ReplicaProperties(String id, @DefaultValue(ReplicaProperties.DEFAULT_LEASE) Duration lease,
                                @DefaultValue("auto") ClaimsMode claims) {

    /** The lease when none is configured. */
    public static final String DEFAULT_LEASE = "PT10S";

    /** Where work is claimed. */
    public enum ClaimsMode { AUTO, DATABASE, LOCAL }

    public ReplicaProperties(String id, Duration lease) {
        this(id, lease, ClaimsMode.AUTO);
    }

    @org.springframework.boot.context.properties.bind.ConstructorBinding
    public ReplicaProperties {
        if (id == null || id.isBlank()) {
            id = host() + "-" + ManagementFactory.getRuntimeMXBean().getPid();
        }
        if (id.length() > 128) {
            throw new IllegalArgumentException("doji.grc.replica.id must have at most 128 characters, was " + id);
        }
        if (claims == null) {
            claims = ClaimsMode.AUTO;
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
