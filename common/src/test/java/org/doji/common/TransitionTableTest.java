package org.doji.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TransitionTableTest {

    enum Light { RED, GREEN, AMBER }

    enum Signal { GO, WARN, STOP }

    @Test
    void aPairInTheTableHasItsTargetAndAnyOtherPairNone() {
        TransitionTable<Light, Signal> table = TransitionTable.builder(Light.class, Signal.class)
                .on(Light.RED, Signal.GO, Light.GREEN)
                .on(Light.GREEN, Signal.WARN, Light.AMBER)
                .on(Light.AMBER, Signal.STOP, Light.RED)
                .build();
        assertThat(table.target(Light.RED, Signal.GO)).contains(Light.GREEN);
        assertThat(table.target(Light.AMBER, Signal.STOP)).contains(Light.RED);
        assertThat(table.target(Light.RED, Signal.STOP)).isEmpty();
        assertThat(table.target(Light.GREEN, Signal.GO)).isEmpty();
    }

    @Test
    void aPairGivenTwiceIsRefusedAndTheBuiltTableDoesNotChangeWithItsBuilder() {
        TransitionTable.Builder<Light, Signal> builder = TransitionTable.builder(Light.class, Signal.class)
                .on(Light.RED, Signal.GO, Light.GREEN);
        assertThatThrownBy(() -> builder.on(Light.RED, Signal.GO, Light.AMBER))
                .hasMessageContaining("RED on GO is already GREEN");
        TransitionTable<Light, Signal> table = builder.build();
        builder.on(Light.GREEN, Signal.WARN, Light.AMBER);
        assertThat(table.target(Light.GREEN, Signal.WARN)).isEmpty();
    }
}
