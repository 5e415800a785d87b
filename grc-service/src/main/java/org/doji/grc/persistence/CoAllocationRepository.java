package org.doji.grc.persistence;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import org.doji.grc.model.CoAllocationState;
import org.springframework.data.jpa.repository.JpaRepository;

public interface CoAllocationRepository extends JpaRepository<CoAllocationRecord, String> {

    List<CoAllocationRecord> findByOwnerOrderByCreatedDesc(String owner);

    List<CoAllocationRecord> findByStateIn(Collection<CoAllocationState> states);

    /** Those in the given states whose window has started by {@code now} (the tick's work, not every booking). */
    List<CoAllocationRecord> findByStateInAndWindowStartLessThanEqual(Collection<CoAllocationState> states, Instant now);
}
