package org.doji.grc.config;

import io.micrometer.core.instrument.MeterRegistry;
import jakarta.persistence.EntityManager;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.function.Supplier;
import org.apache.cxf.Bus;
import org.apache.cxf.jaxws.EndpointImpl;
import org.doji.grc.coallocation.CoAllocationAssembly;
import org.doji.grc.coallocation.CoAllocationService;
import org.doji.grc.coallocation.CoordinationListener;
import org.doji.grc.coallocation.CoordinatorSettings;
import org.doji.grc.coallocation.PartAudit;
import org.doji.grc.hierarchy.DelegatedReservations;
import org.doji.grc.hierarchy.GrcResourceManager;
import org.doji.grc.hierarchy.RmPortAssembly;
import org.doji.grc.notify.NotificationDelivery;
import org.doji.grc.notify.NotificationOutbox;
import org.doji.grc.notify.Subscriptions;
import org.doji.grc.persistence.CallRecordRepository;
import org.doji.grc.persistence.CoAllocationRepository;
import org.doji.grc.persistence.DelegatedReservationRepository;
import org.doji.grc.persistence.GrcRetention;
import org.doji.grc.persistence.JpaTransactionLog;
import org.doji.grc.persistence.NotificationRepository;
import org.doji.grc.persistence.SubscriptionRepository;
import org.doji.grc.persistence.TransactionRepository;
import org.doji.grc.planner.Planner;
import org.doji.grc.planner.engine.EngineRegistry;
import org.doji.grc.planner.model.AdminPolicy;
import org.doji.grc.planner.model.PlannerSettings;
import org.doji.grc.planning.IntegerProgramPlanner;
import org.doji.grc.planning.PlanningStrategy;
import org.doji.grc.registry.RmRegistry;
import org.doji.grc.soap.GrcEndpoint;
import org.doji.grc.soap.GrcNotificationEndpoint;
import org.doji.grc.soap.SubscriptionManagerEndpoint;
import org.doji.grc.soap.WsnNotificationChannel;
import org.doji.grc.store.CoAllocationStore;
import org.doji.grc.tx.ParticipantCalls;
import org.doji.grc.tx.ReplicaLocks;
import org.doji.grc.tx.TransactionDriver;
import org.doji.grc.tx.TransactionEngine;
import org.doji.grc.tx.TransactionLog;
import org.doji.rm.api.Caller;
import org.doji.rm.security.UserStore;
import org.doji.rm.soap.Faults;
import org.doji.rm.soap.NotificationSender;
import org.doji.rm.soap.RmEndpoint;
import org.doji.rm.soap.SoapNotifier;
import org.doji.rm.soap.SoapPortPublisher;
import org.doji.rm.soap.client.RemoteResourceManager;
import org.doji.rm.soap.security.SoapSecurity;
import org.doji.rm.soap.security.UsernameTokenVerifier;
import org.doji.rm.util.Entropy;
import org.doji.rm.util.PeriodicTask;
import org.doji.rm.util.WorkerPool;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/** Wires the GRC: registry of remote RMs, planner, two-phase coordinator, store, service and the SOAP port. */
@Configuration
@EnableConfigurationProperties({GrcProperties.class, AdminProperties.class})
public class GrcConfiguration {

    /**
     * The system clock in whole microseconds: what H2 and PostgreSQL keep of a timestamp, so a time read back from
     * the database is the time that was written (and answered), on either database.
     */
    @Bean
    @ConditionalOnMissingBean
    public Clock grcClock() {
        return Clock.tick(Clock.systemUTC(), Duration.ofNanos(1_000));
    }

    @Bean
    public RmRegistry rmRegistry(GrcProperties props, Clock clock) {
        return new RmRegistry(props.rms().stream().map(rm -> new RmRegistry.Entry(rm.id(), rm.url(),
                new RemoteResourceManager(rm.url(), props.connectTimeout(), props.rmTimeout(),
                        rm.security(props.trustStore(), props.trustStorePassword(), clock)))).toList(),
                Caller.coordinator(props.id()), clock);
    }

    /** Describes every RM periodically: health for operators, and fresh descriptions after an RM restarts. */
    @Bean
    public PeriodicTask grcRmProbe(RmRegistry registry, GrcProperties props) {
        return new PeriodicTask("doji-grc-probe", props.healthInterval(), registry::probe);
    }

    /*
     * The GRC's thread pools stop gracefully (WorkerPool), after the web server and before the database closes: an
     * interrupt in the middle of a commit would close its H2 file under every other thread. The workers stop
     * first: their tasks wait for the RM calls and the planning they give to the other two.
     */
    @Bean
    public WorkerPool grcRmCalls(GrcProperties props) {
        return new WorkerPool("doji-rm-call", 32, WorkerPool.PHASE - 1, props.stopGrace());
    }

    @Bean
    public WorkerPool grcWorkers(GrcProperties props) {
        return new WorkerPool("doji-coalloc", props.workers(), WorkerPool.PHASE, props.stopGrace());
    }

    @Bean
    public WorkerPool grcPlannerThreads(GrcProperties props) {
        return new WorkerPool("doji-plan", Math.max(1, Runtime.getRuntime().availableProcessors()), WorkerPool.PHASE - 1,
                props.stopGrace());
    }

    /** The administrator's planning terms (A) and (B): planned with, and answered with the resource registry. */
    @Bean
    public AdminPolicy grcAdminPolicy(AdminProperties admin) {
        return admin.policy();
    }

    /** The integer-programming planner with the configured engine (the greedy heuristic is one of them). */
    @Bean
    @ConditionalOnMissingBean
    public PlanningStrategy planningStrategy(GrcProperties props, AdminPolicy adminPolicy,
                                             ExecutorService grcPlannerThreads) {
        var engines = EngineRegistry.withDefaults();
        if (!engines.names().contains(props.engine())) {
            throw new IllegalArgumentException("doji.grc.engine: unknown planner engine " + props.engine()
                    + "; known: " + String.join(", ", engines.names()));
        }
        var settings = new PlannerSettings(props.slots(), props.engine(),
                adminPolicy, props.planTimeout());
        return new IntegerProgramPlanner(
                // the plan timeout is a compute budget: real elapsed time, not the (possibly virtual) clock the
                // co-allocations' windows are read from, which may stand still or leap while a slot is searched
                new Planner(engines, settings, grcPlannerThreads, Clock.systemUTC()),
                props.exportLpDir());
    }

    /** Where RMs send notifications about this GRC's holds: its notification consumer (published at /notify). */
    @Bean
    public ConsumerAddress grcConsumerAddress(GrcProperties props,
                                              @Value("${cxf.path:/services}") String cxfPath) {
        return new ConsumerAddress(props.notifyAddress(), cxfPath + "/notify");
    }

    @Bean
    public TransactionLog grcTransactionLog(TransactionRepository repository, EntityManager em,
                                            PlatformTransactionManager tx) {
        return new JpaTransactionLog(repository, em, new TransactionTemplate(tx));
    }

    /** The one two-phase commit engine: co-allocations, their changes, and the GRC's own RM port. */
    @Bean
    public TransactionEngine grcTransactionEngine(TransactionLog log, RmRegistry registry, ExecutorService grcRmCalls,
                                                  GrcProperties props, Clock clock, ConsumerAddress consumer,
                                                  MeterRegistry meters,
                                                  ReplicaLocks locks) {
        ParticipantCalls calls = new ParticipantCalls(registry, Caller.coordinator(props.id()), consumer::get, meters);
        return new TransactionEngine(log, calls, grcRmCalls, clock, props.phaseTwoRetry(), props.phaseTwoMaxBackoff(),
                d -> Thread.sleep(d.toMillis()), locks);
    }

    @Bean
    public TransactionDriver grcTransactionDriver(TransactionEngine engine, Clock clock, ExecutorService grcRmCalls) {
        return new TransactionDriver(engine, clock, grcRmCalls);
    }

    /** Pushes phase two of every decided change until each RM acknowledged, and aborts undecided ones past their deadline. */
    @Bean
    public PeriodicTask grcTransactionDriving(TransactionDriver driver, GrcProperties props) {
        return new PeriodicTask("doji-grc-drive", props.tickInterval(), driver::driveDue);
    }

    /** Delivers the notifications of subscriptions (WS-BaseNotification), retried with backoff until taken. */
    @Bean
    public NotificationDelivery grcNotificationDelivery(
            NotificationRepository notifications,
            SubscriptionRepository subscriptions, PlatformTransactionManager tx, Clock clock,
            GrcProperties props, ConsumerAddress consumer, ExecutorService grcRmCalls, UserStore users,
            ReplicaLocks grcReplicaLocks) {
        // the public base address (from the notification consumer's): the EPRs a notification carries live under it
        Supplier<String> services = () -> {
            String notify = consumer.get();
            return notify.substring(0, notify.lastIndexOf('/'));
        };
        return new NotificationDelivery(notifications, subscriptions, new TransactionTemplate(tx),
                clock, props.notifications().settings(users.enabled()), new WsnNotificationChannel(props.id(),
                        services, new NotificationSender(grcRmCalls)),
                // one round at a time (grcNotificationRounds' one thread): only other processes need the claims
                grcReplicaLocks.acrossProcesses());
    }

    /** One delivery round every tick, and one as soon as a change committed notifications (the outbox's nudge). */
    @Bean
    public PeriodicTask grcNotificationRounds(NotificationDelivery delivery,
                                                               GrcProperties props) {
        return new PeriodicTask("doji-grc-notify", props.tickInterval(), delivery::deliverDue);
    }

    @Bean
    public CoAllocationStore coAllocationStore(CoAllocationRepository records, CallRecordRepository calls,
                                               PlatformTransactionManager tx, Clock clock,
                                               SubscriptionRepository subscriptions,
                                               NotificationRepository notifications,
                                               PeriodicTask grcNotificationRounds,
                                               GrcProperties props, ReplicaLocks grcReplicaLocks, UserStore users) {
        return new CoAllocationStore(records, calls, new TransactionTemplate(tx), clock,
                new NotificationOutbox(subscriptions, notifications, clock,
                        grcNotificationRounds::runNow, props.notifications().settings(users.enabled())),
                grcReplicaLocks.acrossProcesses());
    }

    @Bean
    public Subscriptions grcSubscriptions(SubscriptionRepository subscriptions,
            NotificationRepository notifications, CoAllocationStore store,
            PlatformTransactionManager tx, Clock clock, GrcProperties props, UserStore users) {
        return new Subscriptions(subscriptions, notifications, store, new TransactionTemplate(tx),
                clock, props.notifications().settings(users.enabled()));
    }

    /** The subscription manager (WS-BaseNotification Renew, Unsubscribe), secured as the GRC port. */
    @Bean
    public EndpointImpl grcSubscriptionManagerEndpoint(SoapPortPublisher ports, Subscriptions subscriptions,
                                                       GrcProperties props, Clock clock,
                                                       UsernameTokenVerifier tokens) {
        Faults faults = new Faults(props.id(), clock);
        return ports.publish("/subscriptions", new SubscriptionManagerEndpoint(subscriptions, faults,
                        props.notifications().maxLifetime()), SoapPortPublisher.Limits.REQUESTS,
                endpoint -> SoapSecurity.install(endpoint, tokens, faults));
    }

    @Bean
    public CoAllocationService coAllocationService(CoAllocationStore store, RmRegistry registry, PlanningStrategy planner,
                                                   TransactionEngine engine, TransactionDriver driver,
                                                   ExecutorService grcWorkers, ExecutorService grcRmCalls, Clock clock,
                                                   GrcProperties props,
                                                   ObjectProvider<CoordinationListener> listener,
                                                   MeterRegistry meters,
                                                   UserStore users) {
        return CoAllocationAssembly.service(store, registry, planner, engine, driver, grcWorkers, grcRmCalls, clock,
                new CoordinatorSettings(props.slots(), props.maxPlans(), props.planningBatch(), props.rmTimeout(),
                        props.phaseTwoInline()),
                listener.getIfAvailable(() -> CoordinationListener.NONE), meters, users.serviceLevels(), Entropy.secure());
    }

    /** Recovery after a restart: what to recover is read before the port serves, recovered once it serves. */
    @Bean
    public GrcRecoveryOnStart grcRecovery(CoAllocationService service) {
        return new GrcRecoveryOnStart(service);
    }

    @Bean
    public GrcRetention grcRetention(CoAllocationRepository coAllocations,
            DelegatedReservationRepository delegated, CallRecordRepository calls,
            PlatformTransactionManager tx, Clock clock, GrcProperties props) {
        return new GrcRetention(coAllocations, delegated, calls, new TransactionTemplate(tx), clock,
                props.retention());
    }

    /** Forgets ended co-allocations past their retention (hourly in the clock's time; the task looks every tick). */
    @Bean
    public PeriodicTask grcRetentionSweep(GrcRetention retention,
                                                           GrcProperties props) {
        return new PeriodicTask("doji-grc-retention", props.tickInterval(), retention::sweepIfDue);
    }

    /**
     * Asks the RMs about the parts of settled co-allocations, a batch per round: the poll behind their best-effort
     * notifications of a part they failed (a lost one would leave the other parts held for nothing).
     */
    @Bean
    public PeriodicTask grcPartAudit(CoAllocationService service, CoAllocationStore store,
                                                      TransactionEngine engine, GrcProperties props,
                                                      GrcResourceManager asRm) {
        PartAudit audit = new PartAudit(store, engine.calls(), props.partAuditBatch(),
                service::partFailed);
        return new PeriodicTask("doji-grc-audit", props.partAuditInterval(), () -> {
            audit.round();
            asRm.auditParts(); // the reservations parent GRCs made at this GRC's RM port
        });
    }

    /** Moves reserved co-allocations to Active and Completed as their windows pass. */
    @Bean
    public PeriodicTask grcTicker(CoAllocationService service, GrcProperties props) {
        return new PeriodicTask("doji-grc-tick", props.tickInterval(), service::tick);
    }

    @Bean
    public SoapPortPublisher soapPortPublisher(Bus bus, GrcProperties props, Clock clock) {
        return new SoapPortPublisher(bus, props.id(), clock);
    }

    @Bean
    public EndpointImpl grcSoapEndpoint(SoapPortPublisher ports, CoAllocationService service,
                                        Subscriptions subscriptions, RmRegistry registry,
                                        GrcProperties props, AdminPolicy adminPolicy,
                                        Clock clock, UsernameTokenVerifier tokens) {
        Faults faults = new Faults(props.id(), clock);
        // every user authenticates; each sees and changes only their own co-allocations (the service checks owners)
        return ports.publish("/grc", new GrcEndpoint(service, subscriptions, registry, adminPolicy, faults, clock,
                        props.notifications().maxLifetime()), SoapPortPublisher.Limits.REQUESTS,
                endpoint -> SoapSecurity.install(endpoint, tokens, faults));
    }

    /** The GRC as an RM: a parent GRC reserves here through the RM port type, published at /services/rm. */
    @Bean
    public GrcResourceManager grcResourceManager(GrcProperties props, RmRegistry registry,
            TransactionEngine engine, DelegatedReservationRepository repository,
            CoAllocationStore store, ExecutorService grcRmCalls, Clock clock, PlatformTransactionManager tx,
            UserStore users) {
        return RmPortAssembly.resourceManager(props.id(), registry, engine, props.phaseTwoInline(),
                new DelegatedReservations(repository, new TransactionTemplate(tx), clock), store,
                grcRmCalls, props.rmTimeout(), props.holdTimeout(), clock,
                new SoapNotifier(props.id(), clock, grcRmCalls,
                        org.doji.rm.soap.client.ClientSecurity.signedAsCoordinator(users, Clock.systemUTC())),
                Entropy.secure());
    }

    /** The notification consumer whose address the GRC gives the RMs (hold timeouts reach the driver at once). */
    @Bean
    public EndpointImpl grcNotifyEndpoint(SoapPortPublisher ports, TransactionDriver driver, CoAllocationService service,
                                          GrcResourceManager asRm, ExecutorService grcRmCalls, GrcProperties props,
                                          Clock clock, UserStore users, UsernameTokenVerifier tokens) {
        // with security on, only the registered RMs notify, signed in with the accounts this GRC uses at them (a
        // notification is still only a hint: the RM itself is asked before anything is done); a failed part is of one
        // of this GRC's co-allocations, or of a reservation a parent made at its RM port
        GrcNotificationEndpoint.PartFailures failures = (coAllocation, part) -> {
            if (!service.partFailed(coAllocation, part)) {
                asRm.partFailed(part);
            }
        };
        UsernameTokenVerifier rmAccounts = tokens.forUsers(RmAccounts.of(props.rms()));
        if (users.enabled() && !RmAccounts.unsigned(props.rms()).isEmpty()) {
            org.slf4j.LoggerFactory.getLogger(GrcConfiguration.class).warn("notifications of RMs {} will be refused: no"
                    + " doji.grc.rms[].username/password to check their signature with (this GRC still finds out by"
                    + " asking them)", RmAccounts.unsigned(props.rms()));
        }
        Faults faults = new Faults(props.id(), clock);
        return ports.publish("/notify", new GrcNotificationEndpoint(driver, failures, grcRmCalls),
                SoapPortPublisher.Limits.NOTIFICATIONS,
                endpoint -> SoapSecurity.installOneWay(endpoint, rmAccounts, faults, users.enabled()));
    }

    /** Expires the RM port's holds and moves its reservations' lifecycles by time. */
    @Bean
    public PeriodicTask grcAsRmTicker(GrcResourceManager rm, GrcProperties props) {
        return new PeriodicTask("doji-grc-rm-tick", props.tickInterval(), rm::tick);
    }

    @Bean
    public EndpointImpl grcRmSoapEndpoint(SoapPortPublisher ports, GrcResourceManager rm,
                                          GrcProperties props, Clock clock,
                                          UsernameTokenVerifier tokens) {
        Faults faults = new Faults(props.id(), clock);
        // as at every RM: only registered coordinators (a parent GRC's account) reserve and commit here
        return ports.publish("/rm", new RmEndpoint(rm, props.id(), faults, clock),
                SoapPortPublisher.Limits.REQUESTS, endpoint -> SoapSecurity.install(endpoint,
                        tokens, faults, SoapSecurity.RM_COORDINATOR_OPERATIONS));
    }
}
