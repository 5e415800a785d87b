package org.doji.rm.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts a Spring Boot service of this test's class path in a JVM of its own, with the flags every such child
 * uses (C1 only, the serial collector, a small heap and stacks) and, once there is one, a class-data archive
 * (AppCDS) of that class path.
 *
 * <p>Why: the end-to-end tests start a GRC or an RM about 25 times and the chaos test restarts them under load;
 * with the archive a service starts in about 60 % of the time (GRC 11.6 s to 7.1 s, RM 10.1 s to 6.0 s, measured
 * alone). The archive is made once per class path, in the background, by a training run of the first service
 * asked for ({@code -Dspring.context.exit=onRefresh}: the context is built, then the JVM exits and writes the
 * archive); children started before it is ready run without it. A child's class path is the test's without its
 * test classes. The archive is kept under {@code target/}, and only when that class path holds no directory with
 * classes (the JVM archives classes from jars only): in the {@code integration-tests} module, where every service
 * is a jar of the reactor. {@code -Ddoji.test.class-data=off} turns it off.
 */
public final class ChildJvm {

    private static final Logger log = LoggerFactory.getLogger(ChildJvm.class);
    private static final List<String> FLAGS = List.of("-Xmx384m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
            "-Xss512k");
    /** Per class path: the training run under way or done (never a second one in this JVM). */
    private static final ConcurrentMap<Path, Boolean> TRAINING = new ConcurrentHashMap<>();

    private ChildJvm() {
    }

    /**
     * Starts {@code mainClass} with Spring arguments {@code args}, its output appended to {@code logFile}.
     * {@code args} may hold {@code --server.port=} and {@code --spring.datasource.url=}: the training run
     * replaces them by a free port and an in-memory database.
     */
    public static Process start(String mainClass, List<String> args, Path logFile) throws IOException {
        return start(mainClass, List.of(), args, logFile);
    }

    /** As above with JVM flags after the children's own (a benchmark's service: {@code -XX:TieredStopAtLevel=4}). */
    public static Process start(String mainClass, List<String> jvmFlags, List<String> args, Path logFile) throws IOException {
        return start(mainClass, List.of(), jvmFlags, args, logFile);
    }

    /**
     * As above with {@code classPathFirst} ahead of the class path: classes there replace the same classes of the
     * jars (a benchmark's "before", the earlier version of a class compiled apart).
     */
    public static Process start(String mainClass, List<Path> classPathFirst, List<String> jvmFlags, List<String> args,
                                Path logFile) throws IOException {
        String cp = classPath();
        if (!classPathFirst.isEmpty()) {
            cp = classPathFirst.stream().map(Path::toString).collect(java.util.stream.Collectors.joining(
                    java.io.File.pathSeparator, "", java.io.File.pathSeparator)) + cp;
        }
        String own = testClassesOf(mainClass);
        if (own != null) {
            cp = cp + java.io.File.pathSeparator + own; // a test's own launcher (a service on a test double) and its classes
        }
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        cmd.addAll(FLAGS);
        cmd.addAll(jvmFlags);
        Path archive = archiveFor(cp);
        if (archive != null) {
            if (Files.isRegularFile(archive)) {
                cmd.addAll(List.of("-XX:SharedArchiveFile=" + archive, "-Xlog:cds=off", "-Xlog:cds+dynamic=off"));
            } else if (TRAINING.putIfAbsent(archive, Boolean.TRUE) == null) {
                train(archive, cp, mainClass, args);
            }
        }
        cmd.addAll(List.of("-cp", cp, mainClass));
        cmd.addAll(args);
        Files.createDirectories(logFile.toAbsolutePath().getParent());
        return new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(logFile.toFile())).start();
    }

    /** The test-classes directory {@code mainClass} comes from, or null when it is main code. */
    private static String testClassesOf(String mainClass) {
        try {
            var source = Class.forName(mainClass, false, ChildJvm.class.getClassLoader()).getProtectionDomain().getCodeSource();
            Path location = source == null ? null : Path.of(source.getLocation().toURI());
            return location != null && location.getFileName().toString().equals("test-classes") ? location.toString() : null;
        } catch (ClassNotFoundException | java.net.URISyntaxException e) {
            return null;
        }
    }

    /** This test's class path without its test classes: a child runs main code only (but see {@link #testClassesOf}). */
    private static String classPath() {
        return java.util.Arrays.stream(testClassPath().split(java.io.File.pathSeparator))
                .filter(e -> !Path.of(e).getFileName().toString().equals("test-classes"))
                .collect(java.util.stream.Collectors.joining(java.io.File.pathSeparator));
    }

    /** This test's whole class path, its test classes too, under surefire, failsafe or exec:java alike. */
    public static String testClassPath() {
        String cp = System.getProperty("surefire.test.class.path");
        if (cp == null && Thread.currentThread().getContextClassLoader() instanceof java.net.URLClassLoader loader) {
            cp = java.util.Arrays.stream(loader.getURLs()).map(ChildJvm::file) // exec:java (a benchmark's main)
                    .collect(java.util.stream.Collectors.joining(java.io.File.pathSeparator));
        }
        return cp == null ? System.getProperty("java.class.path") : cp;
    }

    private static String file(java.net.URL url) {
        try {
            return Path.of(url.toURI()).toString();
        } catch (java.net.URISyntaxException e) {
            throw new IllegalArgumentException(url.toString(), e);
        }
    }

    /** Where the archive of {@code cp} is kept, or null when there can be none. */
    private static Path archiveFor(String cp) {
        if ("off".equals(System.getProperty("doji.test.class-data"))) {
            return null;
        }
        StringBuilder key = new StringBuilder(System.getProperty("java.vm.version"));
        for (String entry : cp.split(java.io.File.pathSeparator)) {
            Path p = Path.of(entry);
            if (Files.isDirectory(p) && hasFiles(p)) {
                return null;
            }
            // a jar rebuilt since (another pass of the build) makes the JVM ignore an archive: key on its stamp
            key.append('\n').append(entry).append(' ').append(p.toFile().lastModified()).append(' ').append(p.toFile().length());
        }
        return Path.of("target", "class-data", "services-" + sha256(key.toString()).substring(0, 16) + ".jsa").toAbsolutePath();
    }

    private static boolean hasFiles(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.anyMatch(Files::isRegularFile);
        } catch (IOException e) {
            return true;
        }
    }

    /** The training run, in the background: the archive appears (renamed into place) once it is whole. */
    private static void train(Path archive, String cp, String mainClass, List<String> args) throws IOException {
        Files.createDirectories(archive.getParent());
        Path partial = archive.resolveSibling(archive.getFileName() + ".partial");
        Files.deleteIfExists(partial);
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        cmd.addAll(FLAGS);
        cmd.addAll(List.of("-XX:ArchiveClassesAtExit=" + partial, "-Xlog:cds=off", "-Xlog:cds+dynamic=off",
                "-Dspring.context.exit=onRefresh", "-cp", cp, mainClass));
        args.stream().filter(a -> !a.startsWith("--server.port=") && !a.startsWith("--spring.datasource.url="))
                .forEach(cmd::add);
        cmd.addAll(List.of("--server.port=0", "--spring.datasource.url=jdbc:h2:mem:class-data-training"));
        Path trainingLog = archive.resolveSibling(archive.getFileName() + ".log");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(trainingLog.toFile()).start();
        long began = System.nanoTime();
        p.onExit().thenAccept(done -> {
            try {
                if (done.exitValue() == 0 && Files.size(partial) > 0) {
                    Files.move(partial, archive, StandardCopyOption.ATOMIC_MOVE);
                    log.info("class-data archive {} made from {} in {} s", archive.getFileName(), mainClass,
                            TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - began));
                } else {
                    log.warn("no class-data archive: the training run of {} exited with {} (see {})", mainClass,
                            done.exitValue(), trainingLog);
                }
            } catch (IOException e) {
                log.warn("no class-data archive: {}", e.toString());
            }
        });
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
