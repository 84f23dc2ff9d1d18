tasks.withType<Test> {
    useJUnitPlatform()
    environment("DOCKER_API_VERSION", "1.45")
    systemProperty("api.version", "1.45")
    jvmArgs("-Dapi.version=1.45")
}
