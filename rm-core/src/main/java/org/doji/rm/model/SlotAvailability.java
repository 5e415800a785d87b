package org.doji.rm.model;

import java.util.List;

/** What an RM can offer in one slot. */
public record SlotAvailability(int index, TimeWindow window, List<ComputeFree> compute, List<PathFree> paths,
                               List<CountableFree> countables) {

    public SlotAvailability {
        compute = List.copyOf(compute);
        paths = List.copyOf(paths);
        countables = List.copyOf(countables);
    }

    public record ComputeFree(String site, int freeCores, double unitPrice) {
    }

    public record PathFree(String from, String to, long freeBandwidthMbps, double unitPrice, Double latencyMs) {
    }

    public record CountableFree(String name, long free, double unitPrice) {
    }
}
