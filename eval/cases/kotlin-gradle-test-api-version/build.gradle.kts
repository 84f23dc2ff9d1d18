plugins {
    kotlin("jvm") version "2.1.0"
    id("io.ktor.plugin") version "3.0.3"
}

dependencies {
    implementation(libs.ktor.server.core)
    testImplementation(libs.testcontainers.postgres)
    testImplementation(libs.docker.java.api)
}

tasks.test {
    useJUnitPlatform()
    environment("DOCKER_API_VERSION", "1.44")
    systemProperty("api.version", "1.44")
}

ktor {
    fatJar {
        archiveFileName = "league-all.jar"
    }
}
