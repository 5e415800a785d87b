package org.doji.rm.spi;

import java.util.Collection;

/** Free bandwidth of every internal link over one window. */
public interface LinkFreeView {

    Collection<BackendInventory.NetLink> links();

    long freeMbps(String linkId);
}
