package org.doji.grc.config;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Configuration of the GRC ({@code doji.grc.*}), validated at start-up.
 *
 * @param id             the GRC's name (also the caller name it uses towards RMs)
 * @param rms            the resource registry: every RM's id and RM port address
 * @param slots          N, the number of candidate start times tried over [EST, LST]
 * @param connectTimeout connection timeout of RM calls
 * @param rmTimeout      how long one RM call may take; an RM slower than this is left out
 * @param maxPlans       how many ranked plans to try to reserve before giving up
 * @param phaseTwoRetry  first back-off of phase-two retries (doubles up to {@code phaseTwoMaxBackoff}; never gives up)
 * @param phaseTwoMaxBackoff the longest wait between two phase-two retries of an unacknowledged change
 * @param phaseTwoInline how long the worker that decided a change pushes its phase two before the driver takes over
 * @param notifyAddress  the address RMs send hold-timeout notifications to (this GRC's notification consumer);
 *                       default {@code http://localhost:<port>/services/notify}
 * @param tickInterval   how often co-allocations are moved to Active/Completed by time
 * @param engine         the planner's engine: fast, ortools, ortools-cpsat, glpk, or greedy (a heuristic)
 * @param healthInterval how often every RM is described to refresh its health and description
 * @param holdTimeout    as an RM (for a parent GRC): how long a prepared reservation is held without a decision
 * @param trustStore     trust store (PKCS12) for https RM addresses with a private CA; none = the JVM's
 * @param trustStorePassword its password
 * @param exportLpDir    when set, every slot's integer program is written there in CPLEX LP format
 * @param planningBatch  at most this many queued co-allocations share one availability fan-out (1 = each alone)
 * @param workers        co-allocations planned and reserved at once; the others wait in the planning queue
 * @param retention      how long an ended co-allocation (Completed, Cancelled, Failed) or a finished reservation of
 *                       the RM port is kept, from its last change, before the GRC forgets it
 * @param planTimeout    how long the planner searches one slot before it takes the best plan found so far (not
 *                       proven optimal); bounds the time one request holds a worker in Planning
 * @param notifications  WS-BaseNotification subscriptions and the delivery of their notifications
 * @param partAuditInterval how often the GRC asks the RMs about the parts of its settled co-allocations, in case the
 *                       notification of a part an RM failed was lost
 * @param partAuditBatch how many settled co-allocations one such round looks at (the next ones in key order)
 * @param stopGrace      at a stop, how long the GRC's worker threads may finish what they do before they are
 *                       interrupted (an interrupt in the middle of a commit closes an embedded H2 file)
 */
@ConfigurationProperties("doji.grc")
public record GrcProperties(
        @DefaultValue("grc") String id,
        List<Rm> rms,
        @DefaultValue("10") int slots,
        @DefaultValue("PT2S") Duration connectTimeout,
        @DefaultValue("PT10S") Duration rmTimeout,
        @DefaultValue("5") int maxPlans,
        @DefaultValue("PT0.2S") Duration phaseTwoRetry,
        @DefaultValue("PT1S") Duration tickInterval,
        @DefaultValue("fast") String engine,
        @DefaultValue("PT30S") Duration healthInterval,
        @DefaultValue("PT2M") Duration holdTimeout,
        java.nio.file.Path trustStore,
        String trustStorePassword,
        java.nio.file.Path exportLpDir,
        @DefaultValue("32") int planningBatch,
        @DefaultValue("8") int workers,
        @DefaultValue("PT30S") Duration phaseTwoMaxBackoff,
        @DefaultValue("PT2S") Duration phaseTwoInline,
        String notifyAddress,
        @DefaultValue("P30D") Duration retention,
        @DefaultValue("PT2S") Duration planTimeout,
        @DefaultValue Notifications notifications,
        @DefaultValue("PT1M") Duration partAuditInterval,
        @DefaultValue("200") int partAuditBatch,
        @DefaultValue("PT10S") Duration stopGrace) {

    public GrcProperties {
        rms = rms == null ? List.of() : List.copyOf(rms);
        Set<String> ids = new HashSet<>();
        for (Rm rm : rms) {
            if (!ids.add(rm.id())) {
                throw new IllegalArgumentException("doji.grc.rms: RM id " + rm.id() + " is listed twice");
            }
        }
        if (slots < 1 || slots > 1000) {
            throw new IllegalArgumentException("doji.grc.slots must be in 1..1000, was " + slots);
        }
        if (healthInterval == null || healthInterval.isNegative() || healthInterval.isZero()) {
            throw new IllegalArgumentException("doji.grc.health-interval must be positive");
        }
        if (holdTimeout == null || holdTimeout.isNegative() || holdTimeout.isZero()) {
            throw new IllegalArgumentException("doji.grc.hold-timeout must be positive");
        }
        if (trustStore != null && !java.nio.file.Files.isReadable(trustStore)) {
            throw new IllegalArgumentException("doji.grc.trust-store " + trustStore + " cannot be read");
        }
        if (planningBatch < 1 || planningBatch > 100) {
            throw new IllegalArgumentException("doji.grc.planning-batch must be in 1..100, was " + planningBatch);
        }
        if (stopGrace == null || stopGrace.isNegative()) {
            throw new IllegalArgumentException("doji.grc.stop-grace must not be negative, was " + stopGrace);
        }
        if (workers < 1 || workers > 256) {
            throw new IllegalArgumentException("doji.grc.workers must be in 1..256, was " + workers);
        }
        if (phaseTwoRetry == null || phaseTwoRetry.isNegative() || phaseTwoRetry.isZero()) {
            throw new IllegalArgumentException("doji.grc.phase-two-retry must be positive");
        }
        if (phaseTwoMaxBackoff == null || phaseTwoMaxBackoff.compareTo(phaseTwoRetry) < 0) {
            throw new IllegalArgumentException("doji.grc.phase-two-max-backoff must be at least doji.grc.phase-two-retry");
        }
        if (phaseTwoInline == null || phaseTwoInline.isNegative()) {
            throw new IllegalArgumentException("doji.grc.phase-two-inline must not be negative");
        }
        if (notifyAddress != null && !(notifyAddress.startsWith("http://") || notifyAddress.startsWith("https://"))) {
            throw new IllegalArgumentException("doji.grc.notify-address must be an http(s) URL, was " + notifyAddress);
        }
        if (retention == null || retention.isNegative() || retention.isZero()) {
            throw new IllegalArgumentException("doji.grc.retention must be positive, was " + retention);
        }
        if (planTimeout == null || planTimeout.isNegative() || planTimeout.isZero()) {
            throw new IllegalArgumentException("doji.grc.plan-timeout must be positive, was " + planTimeout);
        }
        if (partAuditInterval == null || partAuditInterval.isNegative() || partAuditInterval.isZero()) {
            throw new IllegalArgumentException("doji.grc.part-audit-interval must be positive, was " + partAuditInterval);
        }
        if (partAuditBatch < 1 || partAuditBatch > 10_000) {
            throw new IllegalArgumentException("doji.grc.part-audit-batch must be in 1..10000, was " + partAuditBatch);
        }
        if (maxPlans < 1) {
            throw new IllegalArgumentException("doji.grc.max-plans must be at least 1");
        }
        if (notifications == null) {
            notifications = new Notifications(null, 0, null, null, null, null);
        }
    }

    /**
     * Subscriptions and delivery ({@code doji.grc.notifications.*}).
     *
     * @param maxLifetime  the longest a subscription runs before it must be renewed (also the lifetime of one to all
     *                     of a user's co-allocations that asked for none)
     * @param maxPerUser   how many subscriptions one user may hold
     * @param retryFirst   the first wait before a failed delivery is retried (doubling up to {@code retryMax})
     * @param retryMax     the longest wait between two attempts
     * @param giveUpAfter  how long an undeliverable notification is retried before it is dropped (one WARN line)
     * @param consumers    the consumers this GRC notifies ({@code scheme://host[:port|:*][/path]}, e.g.
     *                     {@code https://portal.example.org/}); empty (the default): none with security on, and with
     *                     security off any outside the operator's network (loopback, link-local and private ranges
     *                     only when listed)
     */
    public record Notifications(Duration maxLifetime, int maxPerUser, Duration retryFirst, Duration retryMax,
                                Duration giveUpAfter, List<String> consumers) {

        @org.springframework.boot.context.properties.bind.ConstructorBinding
        public Notifications {
            var d = org.doji.grc.notify.NotificationSettings.DEFAULTS;
            maxLifetime = maxLifetime == null ? d.maxLifetime() : maxLifetime;
            maxPerUser = maxPerUser == 0 ? d.maxPerOwner() : maxPerUser;
            retryFirst = retryFirst == null ? d.retryFirst() : retryFirst;
            retryMax = retryMax == null ? d.retryMax() : retryMax;
            giveUpAfter = giveUpAfter == null ? d.giveUpAfter() : giveUpAfter;
            consumers = consumers == null ? List.of() : List.copyOf(consumers);
            try {
                settings(maxLifetime, maxPerUser, retryFirst, retryMax, giveUpAfter, consumers); // validates
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("doji.grc.notifications: " + e.getMessage());
            }
        }

        /** The settings with security off (any consumer outside the operator's network when none is listed). */
        public org.doji.grc.notify.NotificationSettings settings() {
            return settings(maxLifetime, maxPerUser, retryFirst, retryMax, giveUpAfter, consumers);
        }

        /** The settings; with security on, only the listed consumers are notified. */
        public org.doji.grc.notify.NotificationSettings settings(boolean securityOn) {
            return settings().withConsumers(new org.doji.grc.notify.ConsumerPolicy(consumers, securityOn,
                    org.doji.grc.notify.ConsumerPolicy.DNS));
        }

        private static org.doji.grc.notify.NotificationSettings settings(Duration maxLifetime, int maxPerUser,
                Duration retryFirst, Duration retryMax, Duration giveUpAfter, List<String> consumers) {
            var d = org.doji.grc.notify.NotificationSettings.DEFAULTS;
            return new org.doji.grc.notify.NotificationSettings(maxLifetime, maxPerUser, retryFirst, retryMax,
                    giveUpAfter, d.claim(), d.batch(), consumers);
        }
    }

    /**
     * One registered RM: its id, the address of its RM port (e.g. http://host:8081/services/rm) and, when the
     * RM requires WS-Security, the coordinator account this GRC uses there ({@code password-digest}: send it as a
     * PasswordDigest rather than PasswordText; every token carries a fresh Nonce and Created either way).
     */
    public record Rm(String id, String url, String username, String password, boolean passwordDigest) {

        public Rm(String id, String url, String username, String password) {
            this(id, url, username, password, false);
        }

        /** How this GRC calls the RM: its token (if any, dated by {@code clock}) and the trust store for https. */
        public org.doji.rm.soap.client.ClientSecurity security(java.nio.file.Path trustStore, String trustStorePassword,
                                                               java.time.Clock clock) {
            var s = username == null ? org.doji.rm.soap.client.ClientSecurity.NONE
                    : org.doji.rm.soap.client.ClientSecurity.token(username, password).withPasswordDigest(passwordDigest)
                            .withClock(clock);
            return trustStore == null ? s : s.withTrustStore(trustStore, trustStorePassword, "PKCS12");
        }

        @org.springframework.boot.context.properties.bind.ConstructorBinding
        public Rm {
            if (id == null || id.isBlank()) {
                throw new IllegalArgumentException("doji.grc.rms[].id is required");
            }
            if (url == null || !(url.startsWith("http://") || url.startsWith("https://"))) {
                throw new IllegalArgumentException("doji.grc.rms[" + id + "].url must be an http(s) URL, was " + url);
            }
            if (passwordDigest && username == null) {
                throw new IllegalArgumentException("doji.grc.rms[" + id + "].password-digest needs a username and password");
            }
            if ((username == null) != (password == null)) {
                throw new IllegalArgumentException("doji.grc.rms[" + id + "]: username and password go together");
            }
        }
    }
}
