package org.doji.grc.config;

import org.doji.grc.coallocation.CoAllocationService;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.ApplicationListener;

/**
 * Recovery after a restart in two steps. What the previous process left unfinished is read once every bean
 * exists and before the web server starts (lifecycle beans start after singletons are initialised), so that a
 * request served meanwhile is never taken for one the restart interrupted. It is recovered once the application
 * is ready: aborting and completing may wait for RMs, and users may already read their co-allocations.
 */
public final class GrcRecoveryOnStart implements SmartInitializingSingleton, ApplicationListener<ApplicationReadyEvent> {

    private final CoAllocationService service;
    private CoAllocationService.LeftBehind leftBehind;

    public GrcRecoveryOnStart(CoAllocationService service) {
        this.service = service;
    }

    @Override
    public void afterSingletonsInstantiated() {
        leftBehind = service.leftBehind();
    }

    @Override
    public void onApplicationEvent(ApplicationReadyEvent event) {
        if (leftBehind != null) {
            service.recover(leftBehind);
            leftBehind = null;
        }
    }
}
