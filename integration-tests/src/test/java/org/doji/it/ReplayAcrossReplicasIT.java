package org.doji.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.doji.grc.demo.GridTopology;
import org.doji.it.faults.GrcProcess;
import org.doji.it.faults.RmFleet;
import org.doji.rm.config.DojiDefaults;
import org.doji.rm.testing.CapturedMessage;
import org.doji.rm.testing.TestDatabase;
import org.junit.jupiter.api.Test;

/**
 * Replay protection across the replicas of a GRC and across restarts: two replicas, each a process of its own, on
 * one database (PostgreSQL, or an H2 file shared through its automatic server). A createCoAllocation as alice's
 * client signs it (UsernameToken with Nonce and Created) is captured on the wire and posted as it was: taken by the
 * first replica, refused by the second (replayed), and refused by the first after it was killed and started again.
 * One co-allocation, not two.
 */
class ReplayAcrossReplicasIT {

    @Test
    void aMessageCapturedAtOneReplicaIsRefusedAtTheOtherAndAfterARestart() throws Exception {
        Path dir = GrcProcess.itDirectory("ReplayAcrossReplicasIT");
        String database = TestDatabase.postgres() ? TestDatabase.url(dir.resolve("grc"))
                : "jdbc:h2:file:" + dir.resolve("grc").toAbsolutePath()
                        + DojiDefaults.H2_FILE_SETTINGS.replace(";DB_CLOSE_ON_EXIT=FALSE", "") + ";AUTO_SERVER=TRUE";
        try (RmFleet fleet = RmFleet.start(GridTopology.builder().crm("crm-r", "R", "D", 1, 8, 1.0, Map.of()).build(),
                dir, Map.of(), false)) {
            List<String> args = new ArrayList<>(fleet.grcRegistryArgs());
            args.addAll(List.of("--doji.grc.slots=1", "--doji.security.users[0].name=alice",
                    "--doji.security.users[0].password={noop}alice-secret", "--doji.security.users[0].roles[0]=USER"));
            GrcProcess a = start(database, dir, "a", args);
            GrcProcess b = start(database, dir, "b", args);
            try {
                CapturedMessage captured = CapturedMessage.of("/services/grc", address -> SecureClients.as("alice",
                        "alice-secret", address, null, null).createCoAllocation(UUID.randomUUID().toString(),
                        SecureClients.oneSite(5, 2), null, null));
                assertThat(captured.body()).contains(":Nonce", ":Created", "createCoAllocation");
                HttpResponse<String> first = captured.postTo(a.url());
                assertThat(first.statusCode()).as(first.body()).isEqualTo(200);
                assertThat(first.body()).contains("createCoAllocationResponse");

                assertReplayed(captured.postTo(b.url()), "at the other replica");

                a.kill9();
                a = start(database, dir, "a-again", args);
                assertReplayed(captured.postTo(a.url()), "at the first replica after its restart");
                assertReplayed(captured.postTo(b.url()), "at the other replica, again");
                assertThat(SecureClients.as("alice", "alice-secret", a.url(), null, null).list(List.of(), null, null, null)
                        .getCoAllocation()).as("one co-allocation").hasSize(1);
            } finally {
                a.close();
                b.close();
            }
        }
    }

    private static GrcProcess start(String database, Path dir, String replica, List<String> args) throws Exception {
        List<String> all = new ArrayList<>(args);
        all.add("--doji.grc.replica.id=grc-" + replica.replace("-again", ""));
        return GrcProcess.startOn(database, dir.resolve("grc-" + replica + ".log"), List.of(), all, 0);
    }

    private static void assertReplayed(HttpResponse<String> answer, String where) {
        assertThat(answer.statusCode()).as(where + ": " + answer.body()).isEqualTo(500);
        assertThat(answer.body()).as(where).contains("NOT_AUTHORIZED", "replayed UsernameToken")
                .doesNotContain("createCoAllocationResponse");
    }
}
