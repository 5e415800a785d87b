package org.doji.grc.dashboard;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.web.servlet.config.annotation.ResourceHandlerRegistry;
import org.springframework.web.servlet.config.annotation.ViewControllerRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Serves the dashboard page at {@code /dashboard/} ({@code /} redirects there) from
 * {@code classpath:/dashboard/} (not {@code /static}, so RMs started from the same jar do not serve it),
 * behind {@link DashboardAccess}. SOAP stays with CXF under {@code /services/}.
 */
@Configuration
@ConditionalOnProperty(name = "doji.dashboard.enabled", matchIfMissing = true)
public class DashboardWebConfig implements WebMvcConfigurer {

    @Override
    public void addViewControllers(ViewControllerRegistry registry) {
        registry.addRedirectViewController("/", "/dashboard/");
        registry.addRedirectViewController("/dashboard", "/dashboard/");
        registry.addViewController("/dashboard/").setViewName("forward:/dashboard/index.html");
    }

    @Override
    public void addResourceHandlers(ResourceHandlerRegistry registry) {
        registry.addResourceHandler("/dashboard/**").addResourceLocations("classpath:/dashboard/");
    }

    @Bean
    public FilterRegistrationBean<DashboardAccess> dashboardAccess(
            org.springframework.beans.factory.ObjectProvider<org.doji.rm.security.UserStore> users) {
        FilterRegistrationBean<DashboardAccess> bean = new FilterRegistrationBean<>(
                new DashboardAccess(users.getIfAvailable(org.doji.rm.security.UserStore::disabled)));
        bean.addUrlPatterns("/", "/dashboard", "/dashboard/*");
        bean.setOrder(Ordered.HIGHEST_PRECEDENCE + 100);
        return bean;
    }
}
