package org.doji.grc.persistence;

import java.util.List;
import org.springframework.data.jpa.repository.JpaRepository;

public interface TransactionRepository extends JpaRepository<TransactionRecord, String> {

    List<TransactionRecord> findBySubject(String subject);
}
