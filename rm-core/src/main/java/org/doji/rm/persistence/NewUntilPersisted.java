package org.doji.rm.persistence;

import jakarta.persistence.MappedSuperclass;
import jakarta.persistence.PostPersist;
import jakarta.persistence.Transient;
import org.springframework.data.domain.Persistable;

/**
 * A record with an assigned key that is new from its constructor until it is persisted: Spring Data then saves it
 * with an INSERT, instead of the merge it does for any assigned key, which reads the row first (and, for a key
 * stored meanwhile, would overwrite that row instead of failing on the key). A record loaded from the database
 * comes through the no-argument constructor, so it is not new.
 */
@MappedSuperclass
public abstract class NewUntilPersisted implements Persistable<String> {

    @Transient
    private boolean fresh;

    /** A stored record, as JPA builds it when it loads one. */
    protected NewUntilPersisted() {
    }

    /** @param fresh true for a record made to be inserted */
    protected NewUntilPersisted(boolean fresh) {
        this.fresh = fresh;
    }

    @Override
    public boolean isNew() {
        return fresh;
    }

    @PostPersist
    void persisted() {
        fresh = false;
    }
}
