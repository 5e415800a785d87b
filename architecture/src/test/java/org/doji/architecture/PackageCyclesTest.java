package org.doji.architecture;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * No package of Doji's main code depends on itself through other packages: every package is its own slice, across
 * modules too (a package split over two modules counts once). The generated contract ({@code org.doji.contract},
 * JAXB classes of the OASIS schemas, which refer to each other) is left out: nobody edits generated code.
 */
class PackageCyclesTest {

    /** One package of each module's main code: the check must not pass because a module went missing. */
    private static final Set<String> MODULES = Set.of("org.doji.common", "org.doji.rm.kernel", "org.doji.crm.batch",
            "org.doji.crm.sge.backend", "org.doji.crm.torque.sched", "org.doji.crm.torque", "org.doji.crm.slurm",
            "org.doji.nrm.openflow", "org.doji.grc.planner", "org.doji.grc.tx", "org.doji.grc.cli",
            "org.doji.grc.dashboard", "org.doji.grc.simulation", "org.doji.grc.demo");

    private static JavaClasses main;

    @BeforeAll
    static void importMainCode() {
        main = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(location -> !location.contains("/org/doji/contract/"))
                .importPackages("org.doji");
    }

    @Test
    void everyModulesMainCodeIsThere() {
        Set<String> packages = new TreeSet<>();
        for (JavaClass c : main) {
            packages.add(c.getPackageName());
        }
        assertThat(packages).containsAll(MODULES).noneMatch(p -> p.startsWith("org.doji.contract"));
    }

    @Test
    void noPackageCycles() {
        slices().matching("org.doji.(**)").should().beFreeOfCycles().check(main);
    }
}
