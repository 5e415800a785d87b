package org.doji.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The contract through another toolchain than the one Doji builds with: the JAX-WS reference implementation's
 * {@code wsimport}, with every namespace in ONE Java package ({@code -p}), as a client developer may well run it.
 * Names that clash in one package (an operation's element and a type of the same name) fail here. The clashes
 * between the OASIS standards themselves (b-2 with t-1 and rl-2) are renamed by the binding file the contract ships.
 */
class WsimportOnePackageTest {

    private static final Path ONE_PACKAGE_BINDINGS = Path.of("target/contract/wsdl/one-package-wsn.xjb").toAbsolutePath();


    @ParameterizedTest
    @ValueSource(strings = {"doji-grc.wsdl", "doji-rm.wsdl", "doji-notify.wsdl"})
    void generatesInOnePackage(String wsdl, @TempDir Path out) throws Throwable {
        // the contract as it ships: Doji's WSDLs beside the OASIS schemas they import (see pom.xml)
        Path source = Path.of("target/contract/wsdl", wsdl).toAbsolutePath();
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        PrintStream previous = System.out;
        int status;
        try (PrintStream capture = new PrintStream(log, true, StandardCharsets.UTF_8)) {
            System.setOut(capture); // wsimport reports on standard output
            // -extension: the SOAP 1.2 port (the JAX-WS RI calls SOAP 1.2 over WSDL 1.1 an extension)
            // the OASIS schemas' own clashes in one package are renamed by the binding file the contract ships
            List<String> args = new ArrayList<>(List.of("-extension", "-p", "one.client", "-d", out.toString(), "-Xnocompile"));
            if (Files.readString(source).contains("http://docs.oasis-open.org/wsn/")) {
                args.addAll(List.of("-b", ONE_PACKAGE_BINDINGS.toString()));
            }
            args.add(source.toString());
            status = com.sun.tools.ws.WsImport.doMain(args.toArray(String[]::new));
        } catch (com.sun.tools.ws.wscompile.AbortException aborted) {
            status = -1; // wsimport gave up; its report says why
        } finally {
            System.setOut(previous);
        }
        String report = log.toString(StandardCharsets.UTF_8);
        assertThat(status).as(report).isZero();
        assertThat(report).doesNotContain("[ERROR]");
        try (Stream<Path> files = Files.walk(out.resolve("one/client"))) {
            assertThat(files.filter(f -> f.toString().endsWith(".java")).count()).as(report).isGreaterThan(5);
        }
    }
}
