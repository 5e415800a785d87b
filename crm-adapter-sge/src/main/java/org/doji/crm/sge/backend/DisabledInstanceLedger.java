package org.doji.crm.sge.backend;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Collection;
import java.util.Set;
import java.util.TreeSet;

/**
 * The other queues' instances (e.g. {@code all.q@node1}) this adapter disabled to keep them off reserved
 * nodes. Written before the qmod call and kept in a file, so that after a crash the adapter re-enables
 * exactly what it disabled and never an instance an administrator disabled.
 */
public class DisabledInstanceLedger {

    private final Path file;
    private final Set<String> instances = new TreeSet<>();

    public DisabledInstanceLedger(Path file) {
        this.file = file;
        try {
            if (file != null && Files.exists(file)) {
                Files.readAllLines(file).stream().map(String::trim).filter(l -> !l.isEmpty()).forEach(instances::add);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    public synchronized Set<String> instances() {
        return java.util.Collections.unmodifiableSortedSet(new TreeSet<>(instances));
    }

    public synchronized void add(Collection<String> names) {
        if (instances.addAll(names)) {
            save();
        }
    }

    public synchronized void remove(Collection<String> names) {
        if (instances.removeAll(names)) {
            save();
        }
    }

    private void save() {
        if (file == null) {
            return;
        }
        try {
            if (file.getParent() != null) {
                Files.createDirectories(file.getParent());
            }
            Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
            Files.write(tmp, instances);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}
