package org.doji.rm.soap;

import java.util.List;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;

/** What every Doji application checks of a SOAP request before the servlet container reads it. */
@AutoConfiguration
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
public class SoapRequestFilters {

    @Bean
    public FilterRegistrationBean<RequestCharsetFilter> dojiRequestCharset(@Value("${cxf.path:/services}") String cxfPath) {
        String path = cxfPath.endsWith("/") ? cxfPath.substring(0, cxfPath.length() - 1) : cxfPath;
        FilterRegistrationBean<RequestCharsetFilter> bean = new FilterRegistrationBean<>(new RequestCharsetFilter());
        bean.setName("dojiRequestCharset");
        bean.setUrlPatterns(List.of(path, path + "/*"));
        bean.setOrder(org.springframework.core.Ordered.HIGHEST_PRECEDENCE + 10);
        return bean;
    }
}
