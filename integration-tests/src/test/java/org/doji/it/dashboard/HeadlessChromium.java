package org.doji.it.dashboard;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * Debian's chromium driven through Debian's chromedriver (Selenium), headless, with a fresh profile and
 * nothing that reaches out to the network. Skips the test when either is missing, unless
 * {@code -Ddoji.it.require} names {@code chromium}: then it fails.
 */
final class HeadlessChromium implements AutoCloseable {

    static final List<String> BROWSERS = List.of("/usr/bin/chromium", "/usr/bin/chromium-browser");
    static final List<String> DRIVERS = List.of("/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver");

    private final Path profile;
    private final ChromeDriverService service;
    private final ChromeDriver driver;

    private HeadlessChromium(Path browser, Path chromedriver) throws IOException {
        profile = Files.createTempDirectory("doji-chromium-");
        service = new ChromeDriverService.Builder().usingDriverExecutable(chromedriver.toFile()).usingAnyFreePort()
                .withTimeout(Duration.ofSeconds(60)).build();
        ChromeOptions options = new ChromeOptions();
        options.setBinary(browser.toFile());
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
                "--disable-default-apps", "--disable-extensions", "--hide-scrollbars", "--force-device-scale-factor=1",
                "--user-data-dir=" + profile, "--window-size=1440,1000");
        try {
            driver = new ChromeDriver(service, options);
        } catch (RuntimeException e) {
            service.stop();
            delete(profile);
            throw e;
        }
        driver.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(60)).scriptTimeout(Duration.ofSeconds(30));
    }

    /** Starts the browser, or skips (fails when required) when chromium or chromedriver is not installed. */
    static HeadlessChromium startOrSkip() throws IOException {
        Path browser = firstExecutable(BROWSERS);
        Path chromedriver = firstExecutable(DRIVERS);
        boolean available = browser != null && chromedriver != null;
        boolean required = List.of(System.getProperty("doji.it.require", "").split("[,\\s]+")).contains("chromium");
        if (required && !available) {
            throw new IllegalStateException("chromium and chromedriver are required (-Ddoji.it.require names chromium) "
                    + "but not installed: apt-get install chromium chromium-driver (scripts/install-deps.sh)");
        }
        Assumptions.assumeTrue(available, "chromium/chromedriver not installed (apt-get install chromium chromium-driver)");
        return new HeadlessChromium(browser, chromedriver);
    }

    private static Path firstExecutable(List<String> candidates) {
        return candidates.stream().map(Path::of).filter(Files::isExecutable).findFirst().orElse(null);
    }

    ChromeDriver driver() {
        return driver;
    }

    Object script(String js, Object... args) {
        return ((JavascriptExecutor) driver).executeScript(js, args);
    }

    /** A screenshot of the whole page: the window is made as tall as the document first. */
    void fullPageScreenshot(Path file) throws IOException {
        long height = ((Number) script("return Math.ceil(document.documentElement.scrollHeight)")).longValue();
        Dimension before = driver.manage().window().getSize();
        driver.manage().window().setSize(new Dimension(before.getWidth(), (int) Math.min(6000, Math.max(600, height))));
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.write(file, driver.getScreenshotAs(OutputType.BYTES));
        driver.manage().window().setSize(before);
    }

    @Override
    public void close() {
        try {
            driver.quit();
        } finally {
            service.stop();
            delete(profile);
        }
    }

    private static void delete(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a leftover temporary profile is harmless
        }
    }
}
