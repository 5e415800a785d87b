package org.doji.rm.calendar;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.doji.rm.calendar.NodeChooser.Order;
import org.doji.rm.model.Allocation;
import org.doji.rm.model.ComputeAllocation;
import org.doji.rm.model.RmKind;
import org.doji.rm.model.TimeWindow;
import org.doji.rm.sim.SimulatedBackend;
import org.doji.rm.spi.BackendInventory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The N−1 example of DESIGN §5, on a cluster of N one-core nodes, in hours:
 * <ol>
 *   <li>A takes N−1 nodes over [0, 5): n1..n(N−1);</li>
 *   <li>B takes 1 node over [0, 10): only nN is left;</li>
 *   <li>C takes 1 node over [10, 20);</li>
 *   <li>D asks for N−1 nodes over [5, 15): feasible (N−1 nodes are free from 5 to 10 and C needs only one).</li>
 * </ol>
 * PluS gives C the node B hands over at 10 (nN) and D gets n1..n(N−1). Lowest-number-first gives C n1,
 * after which only N−2 nodes are free over [5, 15) and D is refused.
 */
class NodeChooserTest {

    private static final Instant T0 = Instant.parse("2030-01-01T00:00:00Z");

    private static TimeWindow hours(int from, int to) {
        return new TimeWindow(T0.plusSeconds(3600L * from), T0.plusSeconds(3600L * to));
    }

    /** Runs the sequence with one node order; returns the nodes each step got (empty = refused). */
    private static List<List<String>> run(int n, Order order) {
        BackendInventory inv = new BackendInventory(RmKind.COMPUTE, "d",
                List.of(SimulatedBackend.site("c", n, 1, 1.0, Map.of())), List.of(), List.of(), List.of(), List.of());
        ReservationCalendar calendar = new ReservationCalendar(inv);
        NodeChooser chooser = new NodeChooser(calendar, order);
        record Step(int nodes, TimeWindow w) {
        }
        List<Step> steps = List.of(new Step(n - 1, hours(0, 5)), new Step(1, hours(0, 10)), new Step(1, hours(10, 20)),
                new Step(n - 1, hours(5, 15)));
        List<List<String>> got = new java.util.ArrayList<>();
        for (Step s : steps) {
            List<String> nodes = chooser.choose("c", s.nodes(), s.w(), Set.of()).stream().map(BackendInventory.Node::name).toList();
            if (!nodes.isEmpty()) {
                calendar.book(s.w(), new Allocation(List.of(new ComputeAllocation("c", s.nodes(), nodes, null)),
                        List.of(), List.of(), 0));
            }
            got.add(nodes);
        }
        return got;
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 8, 64})
    void plusKeepsTheLaterReservationPossibleWhereLowestNumberFirstMakesItImpossible(int n) {
        List<String> first = java.util.stream.IntStream.rangeClosed(1, n - 1).mapToObj(i -> "c-n" + i).toList();
        String last = "c-n" + n;

        List<List<String>> plus = run(n, Order.PLUS);
        assertThat(plus.get(0)).isEqualTo(first);
        assertThat(plus.get(1)).containsExactly(last);
        assertThat(plus.get(2)).as("C takes over the node B frees at 10").containsExactly(last);
        assertThat(plus.get(3)).as("D is feasible").isEqualTo(first);

        List<List<String>> naive = run(n, Order.LOWEST_NUMBER_FIRST);
        assertThat(naive.get(0)).isEqualTo(first);
        assertThat(naive.get(1)).containsExactly(last);
        assertThat(naive.get(2)).containsExactly("c-n1");
        assertThat(naive.get(3)).as("D is refused after lowest-number-first").isEmpty();
    }

    @ParameterizedTest
    @ValueSource(ints = {4})
    void unusedNodesAreTakenLowestNumberedFirstAfterHandedOverOnes(int n) {
        BackendInventory inv = new BackendInventory(RmKind.COMPUTE, "d",
                List.of(SimulatedBackend.site("c", n, 1, 1.0, Map.of())), List.of(), List.of(), List.of(), List.of());
        ReservationCalendar calendar = new ReservationCalendar(inv);
        calendar.book(hours(0, 2), new Allocation(List.of(new ComputeAllocation("c", 1, List.of("c-n3"), null)),
                List.of(), List.of(), 0));
        calendar.book(hours(0, 1), new Allocation(List.of(new ComputeAllocation("c", 1, List.of("c-n4"), null)),
                List.of(), List.of(), 0));
        List<String> chosen = new NodeChooser(calendar).choose("c", 4, hours(3, 4), Set.of()).stream()
                .map(BackendInventory.Node::name).toList();
        assertThat(chosen).containsExactly("c-n3", "c-n4", "c-n1", "c-n2");
    }
}
