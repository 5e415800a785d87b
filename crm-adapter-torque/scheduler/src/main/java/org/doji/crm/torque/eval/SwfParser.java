package org.doji.crm.torque.eval;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;

/**
 * Reads the Standard Workload Format (Parallel Workloads Archive): one job per line, 18 whitespace-
 * separated fields, {@code ;} starts a header/comment line, -1 means unknown. Gzipped files (.gz) are
 * read directly. Malformed lines are an error with their line number: a silently shortened trace would
 * give wrong results.
 */
public final class SwfParser {

    private SwfParser() {
    }

    public static List<SwfJob> read(Path file) throws IOException {
        InputStream in = Files.newInputStream(file);
        if (file.getFileName().toString().endsWith(".gz")) {
            in = new GZIPInputStream(in, 1 << 16);
        }
        try (Reader r = new InputStreamReader(in, StandardCharsets.US_ASCII)) {
            return parse(r);
        }
    }

    public static List<SwfJob> parse(Reader reader) throws IOException {
        List<SwfJob> jobs = new ArrayList<>();
        BufferedReader br = new BufferedReader(reader);
        String line;
        int lineNo = 0;
        while ((line = br.readLine()) != null) {
            lineNo++;
            String t = line.strip();
            if (t.isEmpty() || t.startsWith(";")) {
                continue;
            }
            String[] f = t.split("\\s+");
            if (f.length < 18) {
                throw new IOException("SWF line " + lineNo + " has " + f.length + " fields, need 18: " + t);
            }
            try {
                jobs.add(new SwfJob(num(f[0]), num(f[1]), num(f[2]), num(f[3]), (int) num(f[4]),
                        (int) num(f[7]), num(f[8]), (int) num(f[10]), (int) num(f[11]), (int) num(f[14])));
            } catch (NumberFormatException e) {
                throw new IOException("SWF line " + lineNo + " has a non-numeric field: " + t, e);
            }
        }
        return jobs;
    }

    /** SWF fields are integers, but some archives write e.g. "1.00" for averages. */
    private static long num(String s) {
        return s.indexOf('.') >= 0 ? (long) Double.parseDouble(s) : Long.parseLong(s);
    }
}
