package dev.eventual.infra.test;

import java.util.Optional;

/** What choosing the tests' database needs to know about Docker ({@link TestcontainersDocker} asks the engine). */
interface DockerEngine {

    boolean isReachable();

    /** @return why the image cannot be had (absent and not pulled in time), or empty when a container can start */
    Optional<String> unobtainable(String image);
}
