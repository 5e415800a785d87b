package org.doji.crm.sge.backend;

import static org.doji.crm.sge.cli.GridEngineClient.check;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.doji.crm.batch.CommandRunner.Result;
import org.doji.crm.sge.cli.GridEngineClient;
import org.doji.crm.sge.cli.GridEngineException;
import org.doji.crm.sge.cli.GridEngineException.Reason;
import org.doji.crm.sge.cli.GridEngineModel.AdvanceReservation;
import org.doji.crm.sge.config.GridEngineProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Grid Engine's own advance reservations: qrsub at commit (all slots of the allocated hosts, the
 * reservation's users in its ACL), the AR id as handle, qrdel at end or cancel. The AR carries the
 * reservation's name, which makes commit idempotent and lets reconcile find orphans.
 */
public class NativeMode implements ReservationMode {

    private static final Logger log = LoggerFactory.getLogger(NativeMode.class);
    private static final Pattern GRANTED = Pattern.compile("advance reservation (\\d+) has been granted");
    private static final Pattern UNKNOWN_USER = Pattern.compile("(\\S+) is not known as a user");
    private static final DateTimeFormatter QRSUB_TIME = DateTimeFormatter.ofPattern("yyyyMMddHHmm.ss");

    private final GridEngineClient client;
    private final String pe;
    private final String prefix;
    private final ZoneId zone;
    private final Clock clock;

    public NativeMode(GridEngineClient client, GridEngineProperties props, Clock clock) {
        this.client = client;
        this.pe = props.parallelEnvironment();
        this.prefix = props.queuePrefix();
        this.zone = props.timeZone();
        this.clock = clock;
    }

    @Override
    public String commit(ReservationTarget t) {
        Optional<AdvanceReservation> existing = live().stream()
                .filter(ar -> ar.name().equals(t.name())).findFirst();
        if (existing.isPresent()) {
            return Long.toString(existing.get().id());
        }
        return Long.toString(submit(t));
    }

    @Override
    public void start(ReservationTarget t) {
        // Grid Engine starts its advance reservation by itself
    }

    @Override
    public void release(ReservationTarget t) {
        Optional<Long> id = id(t);
        if (id.isPresent()) {
            check("qrdel " + id.get(), client.qrdel(id.get()), Reason.NOT_FOUND);
        }
    }

    @Override
    public String modify(ReservationTarget before, ReservationTarget after) {
        release(before);
        return Long.toString(submit(after));
    }

    @Override
    public void reconcile(List<ReservationTarget> expected) {
        List<AdvanceReservation> ars = live();
        Set<String> want = expected.stream().map(ReservationTarget::name).collect(Collectors.toSet());
        for (AdvanceReservation ar : ars) {
            if (ar.name().startsWith(prefix) && !want.contains(ar.name())) {
                log.info("reconcile: deleting orphan advance reservation {} ({})", ar.id(), ar.name());
                check("qrdel " + ar.id(), client.qrdel(ar.id()), Reason.NOT_FOUND);
            }
        }
        Set<String> have = ars.stream().map(AdvanceReservation::name).collect(Collectors.toSet());
        expected.stream().filter(t -> !have.contains(t.name())).forEach(this::submit);
    }

    private Optional<Long> id(ReservationTarget t) {
        if (t.handle() != null && t.handle().matches("\\d+")) {
            return Optional.of(Long.parseLong(t.handle()));
        }
        return live().stream().filter(ar -> ar.name().equals(t.name()))
                .map(AdvanceReservation::id).findFirst();
    }

    /** ARs not being deleted: a deleted AR lingers in state "d" until its jobs are cleaned up. */
    private List<AdvanceReservation> live() {
        return client.reservations().stream().filter(ar -> !ar.state().contains("d")).toList();
    }

    private static List<String> withUsers(List<String> args, List<String> users) {
        List<String> all = new ArrayList<>(args);
        if (!users.isEmpty()) {
            all.addAll(List.of("-u", String.join(",", users)));
        }
        return all;
    }

    private long submit(ReservationTarget t) {
        Instant now = clock.instant();
        List<String> args = new ArrayList<>(List.of("-N", t.name()));
        // a start in the past is refused: an already running reservation starts now
        if (t.window().start().isAfter(now.plus(Duration.ofSeconds(5)))) {
            args.addAll(List.of("-a", QRSUB_TIME.format(t.window().start().atZone(zone))));
        }
        args.addAll(List.of("-e", QRSUB_TIME.format(t.window().end().atZone(zone))));
        args.addAll(List.of("-pe", pe, Integer.toString(t.totalSlots())));
        args.addAll(List.of("-q", t.hosts().stream().map(h -> "*@" + h).collect(Collectors.joining(","))));
        List<String> users = new ArrayList<>(t.users());
        Result r = client.qrsub(withUsers(args, users));
        // unlike a queue's ACL, qrsub refuses a name that is not a user on the qmaster's host (e.g. the reservation's
        // owner is the coordinator's service name): leave it out, as long as someone named is left to use the AR
        for (Matcher unknown = UNKNOWN_USER.matcher(r.message()); !r.ok() && unknown.find()
                && users.size() > 1 && users.remove(unknown.group(1)); unknown = UNKNOWN_USER.matcher(r.message())) {
            log.warn("{} is not a Grid Engine user: left out of the users of advance reservation {}", unknown.group(1), t.name());
            r = client.qrsub(withUsers(args, users));
        }
        check("qrsub", r);
        Matcher m = GRANTED.matcher(r.message());
        if (!m.find()) {
            throw new GridEngineException("qrsub", new Result(r.exitCode(), "", "no AR id in: " + r.message()));
        }
        return Long.parseLong(m.group(1));
    }
}
