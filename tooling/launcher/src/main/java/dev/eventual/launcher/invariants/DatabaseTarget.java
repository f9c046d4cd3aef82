package dev.eventual.launcher.invariants;

/** Where one of the three databases is read, and as whom. */
record DatabaseTarget(String database, String host, int port, String user, String password) {

    /** For messages: never the password. */
    String describe() {
        return database + " at " + host + ":" + port + " as " + user;
    }

    String jdbcUrl() {
        return "jdbc:mysql://" + host + ":" + port + "/" + database;
    }

    @Override
    public String toString() {
        return describe();
    }
}
