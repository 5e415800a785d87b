package org.doji.rm.soap.page;

import java.util.List;
import org.apache.cxf.Bus;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;

/**
 * The service pages of every Doji application that publishes SOAP ports (an RM, an adapter, the GRC): one filter in
 * front of the CXF servlet ({@link ServicePageFilter}). On unless {@code doji.service-page.enabled=false}.
 */
@AutoConfiguration(afterName = "org.apache.cxf.spring.boot.autoconfigure.CxfAutoConfiguration")
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnProperty(name = "doji.service-page.enabled", matchIfMissing = true)
public class ServicePageConfiguration {

    @Bean
    public FilterRegistrationBean<ServicePageFilter> dojiServicePage(Bus bus, @Value("${cxf.path:/services}") String cxfPath) {
        String path = cxfPath.endsWith("/") ? cxfPath.substring(0, cxfPath.length() - 1) : cxfPath;
        FilterRegistrationBean<ServicePageFilter> bean = new FilterRegistrationBean<>(new ServicePageFilter(bus, path));
        bean.setName("dojiServicePage");
        bean.setUrlPatterns(List.of(path, path + "/*"));
        return bean;
    }
}
