package org.doji.grc.persistence;

import java.util.Collection;
import java.util.List;
import org.doji.grc.model.CoAllocationState;
import org.springframework.data.jpa.repository.JpaRepository;

public interface CoAllocationRepository extends JpaRepository<CoAllocationRecord, String> {

    List<CoAllocationRecord> findByOwnerOrderByCreatedDesc(String owner);

    List<CoAllocationRecord> findByStateIn(Collection<CoAllocationState> states);
}
