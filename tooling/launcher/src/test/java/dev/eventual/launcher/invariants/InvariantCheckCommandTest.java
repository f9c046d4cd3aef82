package dev.eventual.launcher.invariants;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** What the command answers before it touches a database: help and usage errors, with their exit codes. */
class InvariantCheckCommandTest {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @Test
    void helpListsTheOptionsWithTheirDefaultsAndTheExitCodes() {
        CheckOutcome outcome = run("--db-host", "unreachable.invalid", "--help");

        assertThat(outcome.exitCode()).isZero();
        assertThat(text(out)).containsPattern("--db-port=PORT +every database's port \\(default 33306\\)")
                .contains("eventual_checker)", "VERIFY_IDENTITY (default REQUIRED)", "--order-db=HOST[:PORT]",
                        "EVENTUAL_CHECK_DB_PASSWORD", "DISABLED, PREFERRED, REQUIRED, VERIFY_CA,")
                .containsPattern("Exit codes:\\R +0 +no violation\\R +1 +violations found\\R +2 +bad command line\\R +3 +a database");
        assertThat(text(err)).isEmpty();
    }

    @Test
    void aBadCommandLineExitsTwoAndSaysWhyOnStandardError() {
        CheckOutcome outcome = run("--db-host", "db.example", "--db-port");

        assertThat(outcome).isEqualTo(CheckOutcome.USAGE);
        assertThat(outcome.exitCode()).isEqualTo(2);
        assertThat(text(err)).isEqualTo("Missing required parameter for option '--db-port' (PORT)" + System.lineSeparator());
        assertThat(text(out)).isEmpty();
    }

    @Test
    void theLocalSuitesHelpShowsItsDefaults() {
        InvariantCheckCommand.run(List.of("--help"), new CheckDefaults("127.0.0.1", 13306, "root", null, SslMode.DISABLED, null),
                Map.of(), new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));

        assertThat(text(out)).contains("(default 13306)", "(default root)", "VERIFY_IDENTITY (default DISABLED)");
    }

    @Test
    void theExitCodesAreTheDocumentedOnes() {
        assertThat(Arrays.stream(CheckOutcome.values()).map(outcome -> outcome.name() + "=" + outcome.exitCode()))
                .containsExactly("CLEAN=0", "VIOLATIONS=1", "USAGE=2", "UNREADABLE=3");
    }

    private CheckOutcome run(String... args) {
        return InvariantCheckCommand.run(List.of(args), CheckDefaults.anyStack(), Map.of(),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private static String text(ByteArrayOutputStream bytes) {
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
