package org.doji.grc.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.doji.contract.types.Attribute;
import org.doji.contract.types.AttributeMatch;
import org.doji.contract.types.CandidateSite;
import org.doji.contract.types.LinkRequest;
import org.doji.contract.types.SiteRequest;

/** The compact forms of {@code --site} and {@code --link}, and the checks on names and numbers they share. */
final class Specs {

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.:@\\-]{0,63}");
    private static final int MAX_CORES = 1_000_000;

    private Specs() {
    }

    /** {@code ID:CORES[:attr=value,attr>=number,at=SITE|SITE]}. */
    static SiteRequest siteSpec(String spec) {
        String[] parts = spec.split(":", 3);
        if (parts.length < 2 || parts[0].isBlank() || parts[1].isBlank()) {
            throw CliException.badArguments("--site '" + spec + "': expected ID:CORES[:attr=value,...], e.g. a:8 or "
                    + "a:8:os=linux,at=SITE_A");
        }
        SiteRequest s = site(name("--site", parts[0].trim()), cores("--site '" + spec + "'", integer("--site '" + spec + "'", parts[1])));
        if (parts.length == 3) {
            for (String req : parts[2].split(",")) {
                requirement(spec, req.trim(), s);
            }
        }
        return s;
    }

    private static void requirement(String spec, String req, SiteRequest s) {
        if (req.isEmpty()) {
            return;
        }
        boolean atLeast = req.contains(">=");
        int at = atLeast ? req.indexOf(">=") : req.indexOf('=');
        if (at <= 0 || at == req.length() - (atLeast ? 2 : 1)) {
            throw CliException.badArguments("--site '" + spec + "': requirement '" + req + "' is not attr=value, "
                    + "attr>=number or at=SITE");
        }
        String key = req.substring(0, at).trim();
        String value = req.substring(at + (atLeast ? 2 : 1)).trim();
        if (key.equals("at") && !atLeast) {
            for (String candidate : value.split("[|/]")) {
                s.getCandidate().add(candidate("--site '" + spec + "' at=", candidate.trim()));
            }
            return;
        }
        if (atLeast) {
            try {
                Double.parseDouble(value);
            } catch (NumberFormatException e) {
                throw CliException.badArguments("--site '" + spec + "': " + key + ">= needs a number, was '" + value + "'");
            }
        }
        Attribute a = new Attribute();
        a.setName(name("--site '" + spec + "' attribute", key));
        a.setValue(value);
        a.setMatch(atLeast ? AttributeMatch.AT_LEAST : null);
        s.getRequirement().add(a);
    }

    /** {@code A-B:MBPS[:LATENCY_MS]}; ids may contain '-', so the split is the one naming two declared sites. */
    static LinkRequest linkSpec(String spec, List<String> ids) {
        String option = "--link '" + spec + "'";
        String[] parts = spec.split(":");
        if (parts.length < 2 || parts.length > 3) {
            throw CliException.badArguments(option + ": expected A-B:MBPS[:LATENCY_MS], e.g. a-b:1000 or a-b:1000:20");
        }
        String ends = parts[0].trim();
        List<String[]> splits = new ArrayList<>();
        for (int i = ends.indexOf('-'); i > 0; i = ends.indexOf('-', i + 1)) {
            String a = ends.substring(0, i);
            String b = ends.substring(i + 1);
            if (ids.contains(a) && ids.contains(b)) {
                splits.add(new String[] {a, b});
            }
        }
        if (splits.size() != 1) {
            throw CliException.badArguments(option + ": '" + ends + "' must name two requested sites as A-B "
                    + (splits.isEmpty() ? "(the sites are: " + String.join(", ", ids) + ")" : "unambiguously"));
        }
        String a = splits.get(0)[0];
        String b = splits.get(0)[1];
        if (a.equals(b)) {
            throw CliException.badArguments(option + ": a link joins two different sites");
        }
        int mbps = integer(option + " bandwidth", parts[1]);
        if (mbps < 0) {
            throw CliException.badArguments(option + ": bandwidth must not be negative");
        }
        Double latency = null;
        if (parts.length == 3) {
            String t = parts[2].trim().replaceFirst("ms$", "");
            try {
                latency = Double.parseDouble(t);
            } catch (NumberFormatException e) {
                throw CliException.badArguments(option + ": latency '" + parts[2] + "' is not a number of milliseconds");
            }
            if (latency < 0) {
                throw CliException.badArguments(option + ": latency must not be negative");
            }
        }
        return link(a, b, mbps, latency);
    }

    static SiteRequest site(String id, int cores) {
        SiteRequest s = new SiteRequest();
        s.setId(id);
        s.setCores(cores);
        return s;
    }

    static CandidateSite candidate(String option, String name) {
        CandidateSite c = new CandidateSite();
        c.setValue(name(option, name));
        return c;
    }

    static LinkRequest link(String a, String b, int mbps, Double latency) {
        LinkRequest l = new LinkRequest();
        l.setFrom(a);
        l.setTo(b);
        l.setBandwidthMbps(mbps);
        l.setMaxLatencyMs(latency);
        return l;
    }

    static int cores(String option, long cores) {
        if (cores < 1 || cores > MAX_CORES) {
            throw CliException.badArguments(option + ": cores must be between 1 and " + MAX_CORES + ", was " + cores);
        }
        return (int) cores;
    }

    static String name(String option, String name) {
        if (!NAME.matcher(name).matches()) {
            throw CliException.badArguments(option + ": '" + name + "' is not a valid name (letters, digits, _ . : @ -, "
                    + "at most 64 characters)");
        }
        return name;
    }

    static int integer(String option, String text) {
        try {
            return Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            throw CliException.badArguments(option + ": '" + text + "' is not a whole number");
        }
    }
}
