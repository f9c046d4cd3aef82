# The invariant checker's image (docker-compose.yml's `checker` service, docs/invariant-checker.md): the
# tooling/launcher/target/*-exec.jar that `./mvnw package` built, run as `check`. Made like the service images
# (deploy/docker/Dockerfile: base image as an argument, Spring Boot's layers, an unprivileged user), but
# with no port and no health check: it checks once and exits with the check's exit code.
ARG JRE_IMAGE=eclipse-temurin:17-jre

FROM ${JRE_IMAGE} AS layers
WORKDIR /build
# exactly one jar may match: a stale jar of another version makes the build fail instead of shipping it
COPY tooling/launcher/target/*-exec.jar app.jar
RUN java -Djarmode=tools -jar app.jar extract --layers --launcher --destination extracted

FROM ${JRE_IMAGE}
RUN groupadd --system --gid 10001 app \
    && useradd --system --uid 10001 --gid app --create-home --home-dir /home/app --shell /usr/sbin/nologin app
COPY --from=layers /build/extracted/dependencies/ /app/
COPY --from=layers /build/extracted/spring-boot-loader/ /app/
COPY --from=layers /build/extracted/snapshot-dependencies/ /app/
COPY --from=layers /build/extracted/application/ /app/
USER app
WORKDIR /home/app
ENTRYPOINT ["java", "-cp", "/app", "org.springframework.boot.loader.launch.JarLauncher", "check"]
