package dev.eventual.launcher;

import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeOptions;

import java.nio.file.Path;

/**
 * Debian's chromium, headless, driven through Debian's chromedriver (packages chromium and
 * chromium-driver, which .ci/run installs): both are named, so Selenium looks for nothing and downloads
 * nothing. Each browser gets a fresh profile: no cookie or cache of another test.
 */
final class Chromium {

    static final String BINARY = "/usr/bin/chromium";
    static final String DRIVER = "/usr/bin/chromedriver";

    private Chromium() {
    }

    static WebDriver start(Path profile) {
        ChromeOptions options = new ChromeOptions();
        options.setBinary(BINARY);
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
                "--user-data-dir=" + profile.toAbsolutePath(), "--window-size=1360,900");
        System.setProperty("webdriver.chrome.driver", DRIVER);
        return new ChromeDriver(options);
    }
}
