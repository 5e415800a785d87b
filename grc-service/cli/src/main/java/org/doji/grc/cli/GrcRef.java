package org.doji.grc.cli;

import java.util.regex.Pattern;
import org.doji.rm.soap.ResourceReferences;

/**
 * A co-allocation as the user names it: its key ({@code co-…}) or its EPR address
 * ({@code http://host/services/grc?res=co-…}); resolved to the address and key the GRC is called with.
 */
public record GrcRef(String address, String key) {

    private static final Pattern KEY = Pattern.compile("[A-Za-z0-9_\\-]{1,64}");

    public static GrcRef parse(String text, String grcUrl) {
        String t = text.trim();
        if (t.contains("://")) {
            int q = t.indexOf('?');
            String key = q < 0 ? null : ResourceReferences.keyFromQuery(t.substring(q + 1));
            if (key == null || !KEY.matcher(key).matches()) {
                throw CliException.badArguments("'" + text + "' is an address without a co-allocation key (?res=KEY)");
            }
            return new GrcRef(t, key);
        }
        if (!KEY.matcher(t).matches()) {
            throw CliException.badArguments("'" + text + "' is neither a co-allocation key (co-…) nor an EPR address");
        }
        return new GrcRef(ResourceReferences.addressOf(grcUrl, t), t);
    }
}
