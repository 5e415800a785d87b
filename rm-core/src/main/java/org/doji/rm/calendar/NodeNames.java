package org.doji.rm.calendar;

import java.util.Comparator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Natural order of node names, so node2 sorts before node10 ("lowest-numbered" as operators mean it). */
final class NodeNames {

    private static final Pattern TRAILING_NUMBER = Pattern.compile("^(.*?)(\\d+)$");

    static final Comparator<String> NATURAL = (a, b) -> {
        Matcher ma = TRAILING_NUMBER.matcher(a);
        Matcher mb = TRAILING_NUMBER.matcher(b);
        if (ma.matches() && mb.matches() && ma.group(1).equals(mb.group(1))) {
            int cmp = new java.math.BigInteger(ma.group(2)).compareTo(new java.math.BigInteger(mb.group(2)));
            if (cmp != 0) {
                return cmp;
            }
        }
        return a.compareTo(b);
    };

    private NodeNames() {
    }
}
