package org.doji.grc.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The CLI as the assembled application runs it (moved from doji-grc-cli's DojiCliTest): with the simulation's
 * {@code simulate} subcommand, the demo's suggested command line, the launcher. Uses doji-grc-cli's test harness.
 */
class DojiLauncherCliTest extends CliHarness {

    @Test
    void theCommandTheDemoSuggestsIsAValidReserve() {
        grc.documents.add(Fixtures.reserved());
        String[] suggested = org.doji.grc.demo.DemoGrid.SUGGESTED_RESERVE.split(" ");
        assertThat(run(suggested)).as("stderr: %s", err).isZero();
        assertThat(grc.created.getSite()).hasSize(2).allSatisfy(site -> assertThat(site.getCores()).isEqualTo(4));
        assertThat(grc.created.getLink()).hasSize(1);
    }

    @Test
    void helpListsTheCommandsAndTheExitCodes() {
        assertThat(run("--help")).isZero();
        assertThat(out.toString()).contains("reserve", "plan", "status", "list", "modify", "cancel", "rms", "simulate")
                .contains("Exit codes:", " 2   bad arguments", " 3   the GRC could not be reached", " 4   the GRC answered with a fault");
        out.getBuffer().setLength(0);
        assertThat(run("reserve", "--help")).isZero();
        assertThat(out.toString()).contains("--expr=EXPR", "--no-wait", "Exit codes:");
        out.getBuffer().setLength(0);
        assertThat(run("simulate", "--help")).isZero();
        assertThat(out.toString()).contains("Usage: doji simulate", "--seed", "0   the evaluation ran")
                .doesNotContain("--grc", "--output");
        out.getBuffer().setLength(0);
        assertThat(run("--version")).isZero();
        assertThat(out.toString()).startsWith("doji ");
    }

    @Test
    void theLauncherHandsClientCommandLinesToTheCli() {
        assertThat(DojiCli.isCliInvocation(new String[] {"reserve", "--sites", "1"})).isTrue();
        assertThat(DojiCli.isCliInvocation(new String[] {"--grc=http://h/services/grc", "list"})).isTrue();
        assertThat(DojiCli.isCliInvocation(new String[] {"--version"})).isTrue();
        assertThat(DojiCli.isCliInvocation(new String[] {"demo"})).isFalse();
        assertThat(DojiCli.isCliInvocation(new String[] {"--server.port=9090"})).isFalse();
        assertThat(DojiCli.isCliInvocation(new String[0])).isFalse();
    }
}
