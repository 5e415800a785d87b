package org.doji.grc.dashboard;

import static org.hamcrest.Matchers.containsString;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.delete;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.forwardedUrl;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.redirectedUrl;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

/** How the page is reached and served: redirects, the static assets, and the access filter on every path. */
@WebMvcTest(controllers = DashboardController.class)
class DashboardWebConfigTest {

    @Autowired MockMvc mvc;
    // the page's wiring is under test here; the data behind the API is DashboardApiTest's
    @MockitoBean DashboardQuery query;

    @Test
    void theRootAndTheBarePathRedirectToTheDashboard() throws Exception {
        mvc.perform(get("/")).andExpect(status().is3xxRedirection()).andExpect(redirectedUrl("/dashboard/"));
        mvc.perform(get("/dashboard")).andExpect(status().is3xxRedirection()).andExpect(redirectedUrl("/dashboard/"));
        mvc.perform(get("/dashboard/")).andExpect(status().isOk()).andExpect(forwardedUrl("/dashboard/index.html"))
                .andExpect(header().string("Content-Security-Policy", DashboardAccess.CSP));
    }

    @Test
    void thePageAndItsScriptsAreServedFromTheClasspathWithoutCdn() throws Exception {
        mvc.perform(get("/dashboard/index.html")).andExpect(status().isOk())
                .andExpect(content().string(containsString("<script src=\"dashboard.js\" defer></script>")))
                .andExpect(content().string(org.hamcrest.Matchers.not(containsString("http"))))
                .andExpect(header().string("X-Frame-Options", "DENY"));
        for (String asset : new String[] {"dom.js", "dashboard.js", "timeline.js", "graph.js", "dashboard.css", "favicon.svg"}) {
            mvc.perform(get("/dashboard/" + asset)).andExpect(status().isOk())
                    .andExpect(content().string(org.hamcrest.Matchers.not(containsString("innerHTML"))));
        }
    }

    @Test
    void nothingButReadsPassTheAccessFilter() throws Exception {
        mvc.perform(delete("/dashboard/index.html")).andExpect(status().isMethodNotAllowed());
        mvc.perform(delete("/dashboard/api/co-allocations")).andExpect(status().isMethodNotAllowed());
    }
}
