package dev.eventual.deploy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The rows of the {@code INSERT INTO t (columns) VALUES (values);} statements in an SQL script, by
 * column, values unquoted; enough for the init scripts, which keep to that one form.
 */
final class SqlInserts {

    private static final Pattern INSERT = Pattern.compile(
            "INSERT INTO\\s+([\\w.]+)\\s*\\(([^)]*)\\)\\s*VALUES\\s*\\((.*?)\\);", Pattern.DOTALL | Pattern.CASE_INSENSITIVE);

    private SqlInserts() {
    }

    static List<Map<String, String>> rows(String sql, String table) {
        List<Map<String, String>> rows = new ArrayList<>();
        Matcher matcher = INSERT.matcher(sql.replaceAll("(?m)^\\s*--.*$", ""));
        while (matcher.find()) {
            if (!matcher.group(1).endsWith(table)) {
                continue;
            }
            String[] columns = matcher.group(2).split(",");
            List<String> values = values(matcher.group(3));
            if (columns.length != values.size()) {
                throw new IllegalArgumentException(columns.length + " columns, " + values.size() + " values in "
                        + matcher.group());
            }
            Map<String, String> row = new LinkedHashMap<>();
            for (int i = 0; i < columns.length; i++) {
                row.put(columns[i].trim(), values.get(i));
            }
            rows.add(row);
        }
        return rows;
    }

    /** Splits on top-level commas; quoted strings may hold commas, function calls parentheses. */
    private static List<String> values(String list) {
        List<String> values = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        boolean quoted = false;
        int depth = 0;
        for (char c : list.toCharArray()) {
            if (c == '\'') {
                quoted = !quoted;
                continue;
            }
            if (!quoted && c == '(') {
                depth++;
            } else if (!quoted && c == ')') {
                depth--;
            } else if (!quoted && depth == 0 && c == ',') {
                values.add(current.toString().trim());
                current.setLength(0);
                continue;
            }
            current.append(c);
        }
        values.add(current.toString().trim());
        return values;
    }
}
