package org.doji.grc.persistence;

import org.springframework.data.jpa.repository.JpaRepository;

public interface CreateCallRepository extends JpaRepository<CreateCallRecord, String> {
}
