package org.doji.rm.config;

import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.cxf.Bus;
import org.apache.cxf.jaxws.EndpointImpl;
import org.doji.rm.kernel.ActivationDriver;
import org.doji.rm.kernel.Notifier;
import org.doji.rm.kernel.ReservationKernel;
import org.doji.rm.kernel.ReservationStore;
import org.doji.rm.kernel.RmSettings;
import org.doji.rm.security.UserStore;
import org.doji.rm.soap.security.SoapSecurity;
import org.doji.rm.soap.security.UsernameTokenVerifier;
import org.doji.rm.model.RmKind;
import org.doji.rm.persistence.IdempotencyRepository;
import org.doji.rm.persistence.ReservationRepository;
import org.doji.rm.sim.SimulatedBackend;
import org.doji.rm.soap.Faults;
import org.doji.rm.soap.RmEndpoint;
import org.doji.rm.soap.SoapPortPublisher;
import org.doji.rm.soap.SoapNotifier;
import org.doji.rm.spi.BackendInventory;
import org.doji.rm.spi.ResourceBackend;
import org.doji.rm.util.JsonCodec;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurationPackage;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.data.jpa.JpaRepositoriesAutoConfiguration;
import org.springframework.boot.autoconfigure.orm.jpa.HibernateJpaAutoConfiguration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Turns an application into an RM: the kernel over the application's {@link ResourceBackend} bean (or,
 * without one, the SIMULATED backend described by {@code doji.rm.simulated.*}), its persistence, the
 * activation driver and the RM port published at {@code /services/rm}. Active when {@code doji.rm.id}
 * is set.
 */
@AutoConfiguration(before = {HibernateJpaAutoConfiguration.class, JpaRepositoriesAutoConfiguration.class},
        after = DojiSecurityConfiguration.class)
@AutoConfigurationPackage(basePackages = "org.doji.rm.persistence")
@ConditionalOnProperty(prefix = "doji.rm", name = "id")
@EnableConfigurationProperties(RmProperties.class)
// doji.schema=rm: the RM's migrations and history (see DojiDefaults)
@org.springframework.context.annotation.PropertySource("classpath:doji-rm-schema.properties")
public class RmKernelConfiguration {

    /** The system clock in whole microseconds: what H2 and PostgreSQL keep of a timestamp. */
    @Bean
    @ConditionalOnMissingBean
    public Clock dojiClock() {
        return Clock.tick(Clock.systemUTC(), java.time.Duration.ofNanos(1_000));
    }

    @Bean
    @ConditionalOnMissingBean
    public ResourceBackend simulatedBackend(RmProperties props) {
        RmProperties.Simulated sim = props.simulated();
        List<BackendInventory.ComputeSite> sites = sim.sites().stream()
                .map(s -> SimulatedBackend.site(s.name(), s.nodes(), s.coresPerNode(), s.unitPrice(), s.attributes()))
                .toList();
        List<BackendInventory.NetEndpoint> endpoints = sim.endpoints().stream()
                .map(e -> new BackendInventory.NetEndpoint(e.name(), e.exchangePoint())).toList();
        List<BackendInventory.NetLink> links = sim.links().stream()
                .map(l -> new BackendInventory.NetLink(l.id(), l.a(), l.b(), l.capacityMbps(), l.unitPrice(), l.latencyMs()))
                .toList();
        List<BackendInventory.CountableResource> countables = sim.countables().stream()
                .map(c -> new BackendInventory.CountableResource(c.name(), c.total(), c.unitPrice())).toList();
        RmKind kind = props.kind();
        return new SimulatedBackend(new BackendInventory(kind, props.domain(), sites, endpoints, links, countables, List.of()));
    }

    @Bean
    public JsonCodec dojiJsonCodec() {
        return new JsonCodec();
    }

    @Bean
    public ReservationStore reservationStore(ReservationRepository reservations, IdempotencyRepository answers,
                                             PlatformTransactionManager txManager, JsonCodec json) {
        return new ReservationStore(reservations, answers, new TransactionTemplate(txManager), json);
    }

    @Bean(destroyMethod = "shutdown")
    public ExecutorService rmNotificationExecutor() {
        return Executors.newFixedThreadPool(2, r -> {
            Thread t = new Thread(r, "doji-notify");
            t.setDaemon(true);
            return t;
        });
    }

    @Bean
    @ConditionalOnMissingBean
    public Notifier rmNotifier(RmProperties props, Clock clock, ExecutorService rmNotificationExecutor,
                               ObjectProvider<UserStore> users) {
        // tokens dated by real time: the coordinator checks them on its own clock, whatever this RM's (a test's) is
        return new SoapNotifier(props.id(), clock, rmNotificationExecutor,
                org.doji.rm.soap.client.ClientSecurity.signedAsCoordinator(users.getIfAvailable(UserStore::disabled), Clock.systemUTC()));
    }

    @Bean
    public ReservationKernel reservationKernel(RmProperties props, ResourceBackend backend, ReservationStore store,
                                               Clock clock, Notifier notifier, ObjectProvider<UserStore> users) {
        return new ReservationKernel(settings(props, users.getIfAvailable(UserStore::disabled)), backend, store, clock,
                notifier);
    }

    /** The users' service levels from the user store, where {@code doji.rm.service-levels} says nothing else. */
    static RmSettings settings(RmProperties props, UserStore users) {
        RmSettings s = props.toSettings();
        Map<String, Double> levels = new HashMap<>(users.serviceLevels());
        levels.putAll(s.serviceLevels());
        return new RmSettings(s.rmId(), s.holdTimeout(), s.maxReservationLength(), levels, s.coordinators(),
                s.answerRetention(), s.retention());
    }

    @Bean
    public ActivationDriver activationDriver(ReservationKernel kernel, RmProperties props) {
        return new ActivationDriver(kernel, props.tickInterval());
    }

    @Bean
    public EndpointImpl rmSoapEndpoint(Bus bus, ReservationKernel kernel, RmProperties props, Clock clock,
                                       ObjectProvider<UsernameTokenVerifier> tokens) {
        Faults faults = new Faults(props.id(), clock);
        return new SoapPortPublisher(bus, props.id(), clock).publish("/rm", new RmEndpoint(kernel, props.id(), faults, clock),
                SoapPortPublisher.Limits.REQUESTS, endpoint -> SoapSecurity.install(endpoint,
                        tokens.getIfAvailable(UsernameTokenVerifier::disabled), faults, SoapSecurity.RM_COORDINATOR_OPERATIONS));
    }
}
