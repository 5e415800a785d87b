package org.doji.grc.persistence;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.autoconfigure.domain.EntityScan;
import org.springframework.data.jpa.repository.config.EnableJpaRepositories;

/** For tests: only the GRC's entities and repositories, its Flyway migrations and a transaction manager. */
@SpringBootConfiguration
@EnableAutoConfiguration
@EntityScan("org.doji.grc.persistence")
@EnableJpaRepositories("org.doji.grc.persistence")
public class GrcPersistenceOnly {
}
