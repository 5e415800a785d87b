package org.doji.grc.tx;

/** Whose change a transaction is; the subject's own bookkeeping is done by its {@link TransactionSubject}. */
public enum SubjectType {
    /** a co-allocation of this GRC's users: this GRC decides */
    CO_ALLOCATION,
    /** a reservation a parent coordinator made at this GRC's RM port: the parent decides, or the hold times out */
    DELEGATED
}
